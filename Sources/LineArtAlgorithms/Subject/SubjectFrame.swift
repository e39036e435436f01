import LineArtImage

/// The part of a photo a page of its subject shows: the subject's box with a margin, grown
/// to a printable aspect (1:√2, turned to the box's own orientation), kept inside the photo.
/// Nil when that is nearly the whole photo: the page then keeps it all.
package struct SubjectFrame: Sendable {
    /// Margin on each side, as a share of the box's longer side.
    package var margin = 0.1
    /// The frame's long side is at least this share of the photo's: a tiny subject is not
    /// enlarged beyond what its pixels hold.
    package var minSide = 0.25
    /// A frame covering this share of the photo or more is not worth the crop: it would
    /// enlarge the subject by less than 1.3x, and each frame is a cut a re-encode can cross.
    package var maxShare = 0.6
    /// The frame's sizes and the offset of its centre from the photo's are whole multiples of
    /// this share of the photo's long side, so that the small changes a re-encoded photo makes
    /// to the subject's box give the same frame, and so the same page.
    package var grid = 0.05

    package init() {}

    package func frame(_ box: PixelRectangle, in photo: ImageSize) -> PixelRectangle? {
        let pad = margin * Double(max(box.width, box.height))
        var width = Double(box.width) + 2 * pad, height = Double(box.height) + 2 * pad
        let aspect = 2.0.squareRoot()
        // Grow the side that brings the frame to 1:√2, upright for a tall box, turned for a wide one.
        let long = max(width, height, min(width, height) * aspect), short = long / aspect
        if height >= width { (width, height) = (short, long) } else { (width, height) = (long, short) }
        let shortest = minSide * Double(max(photo.width, photo.height))
        if max(width, height) < shortest {
            let grow = shortest / max(width, height)
            width *= grow
            height *= grow
        }
        // Sizes and the centre's offset from the photo's centre in whole cells of the grid; each
        // size leaves an even margin in the photo, so that a frame centred on it has whole pixels.
        let cell = max(1, grid * Double(max(photo.width, photo.height)))
        func snapped(_ value: Double) -> Double { (value / cell).rounded() * cell }
        func fitted(_ size: Double, in length: Int) -> Int {
            length - 2 * Int(max(0, (Double(length) - max(cell, snapped(size))) / 2).rounded())
        }
        let w = fitted(width, in: photo.width), h = fitted(height, in: photo.height)
        guard Double(w * h) < maxShare * Double(photo.pixelCount) else { return nil }
        let midX = Double(photo.width) / 2, midY = Double(photo.height) / 2
        let cx = midX + snapped(Double(box.x) + Double(box.width) / 2 - midX)
        let cy = midY + snapped(Double(box.y) + Double(box.height) / 2 - midY)
        let x = min(max(0, Self.nearest(cx - Double(w) / 2, tiesTowards: Double(photo.width - w) / 2)), photo.width - w)
        let y = min(max(0, Self.nearest(cy - Double(h) / 2, tiesTowards: Double(photo.height - h) / 2)), photo.height - h)
        return PixelRectangle(x: x, y: y, width: w, height: h)
    }

    /// `value` rounded to the nearest whole number, a tie to the one nearer `centre` (the
    /// frame's position centred in the photo): a mirrored or turned photo gets the frame
    /// mirrored or turned, where rounding ties up would move it by a pixel.
    static func nearest(_ value: Double, tiesTowards centre: Double) -> Int {
        let below = value.rounded(.down)
        guard value - below == 0.5 else { return Int(value.rounded()) }
        return Int(abs(below - centre) <= abs(below + 1 - centre) ? below : below + 1)
    }
}
