import LineArtImage

/// The page pixel under the centre of drawing column (or row) `index`, on a page where the
/// drawing starts at `origin` and each drawing pixel is `scale` page pixels wide:
/// `floor(origin + (index + 0.5) × scale)`. One formula for the writer
/// (``pinDrawingCentres(_:drawing:originX:originY:scale:)``) and the reader (`drawingBitmap`).
@inline(__always)
package func pagePixel(underCentreOf index: Int, origin: Double, scale: Double) -> Int {
    Int((origin + (Double(index) + 0.5) * scale).rounded(.down))
}

/// Gives the page pixel under each drawing pixel's centre that drawing pixel's colour
/// (0 ink, 255 paper), so the drawing can be read back exactly from the page.
///
/// The traced outlines are simplified and fitted with curves, so a few pixel centres fall on
/// the other side of them; each fix is one page pixel inside a line or beside it. Nothing is
/// pinned when `scale < 1`, where drawing pixels share page pixels.
/// - Parameters:
///   - page: the rendered page, 1 channel.
///   - drawing: the bitmap the page was traced from, 1 channel.
///   - originX, originY, scale: where the drawing lies on the page, in page pixels.
package func pinDrawingCentres(_ page: inout ByteImage, drawing: ByteImage,
                              originX: Double, originY: Double, scale: Double) {
    precondition(page.channels == 1 && drawing.channels == 1, "pinDrawingCentres expects gray images")
    guard scale >= 1 else { return }
    let columns = (0..<drawing.width).map { pagePixel(underCentreOf: $0, origin: originX, scale: scale) }
    guard let first = columns.first, first >= 0, columns.last! < page.width else { return }
    let pageWidth = page.width, pageHeight = page.height
    page.samples.withUnsafeMutableBufferPointer { out in
        drawing.samples.withUnsafeBufferPointer { px in
            for y in 0..<drawing.height {
                let row = pagePixel(underCentreOf: y, origin: originY, scale: scale)
                guard row >= 0, row < pageHeight else { continue }
                for x in 0..<drawing.width {
                    let value: UInt8 = isPaper(px[y * drawing.width + x]) ? 255 : 0
                    let i = row * pageWidth + columns[x]
                    if isPaper(out[i]) != (value == 255) { out[i] = value }
                }
            }
        }
    }
}
