@testable import LineArtImage

extension PixelRectangle {
    /// `inner` lies inside this rectangle grown by `slack` pixels on every side.
    func contains(_ inner: PixelRectangle, slack: Int) -> Bool {
        inner.x >= x - slack && inner.y >= y - slack
            && inner.x + inner.width <= x + width + slack
            && inner.y + inner.height <= y + height + slack
    }
}
