/// A rectangle of whole pixels: its top-left pixel `(x, y)` and its size.
public struct PixelRectangle: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole of an image of `size`.
    public init(_ size: ImageSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    public var size: ImageSize { ImageSize(width: width, height: height) }
    public var area: Int { width * height }
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// The same rectangle measured in an image scaled from `from` to `to` (each axis by its
    /// own ratio), widened to whole pixels and kept inside `to`.
    public func scaled(from: ImageSize, to: ImageSize) -> PixelRectangle {
        let sx = Double(to.width) / Double(from.width), sy = Double(to.height) / Double(from.height)
        let x0 = max(0, Int((Double(x) * sx).rounded(.down)))
        let y0 = max(0, Int((Double(y) * sy).rounded(.down)))
        let x1 = min(to.width, Int((Double(x + width) * sx).rounded(.up)))
        let y1 = min(to.height, Int((Double(y + height) * sy).rounded(.up)))
        return PixelRectangle(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }
}

extension Image {
    /// The pixels inside `rectangle`, which must lie inside the image.
    public func cropped(to rectangle: PixelRectangle) -> Image {
        cropped(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height)
    }
}
