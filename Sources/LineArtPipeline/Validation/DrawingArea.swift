import LineArtImage
import LineArtAlgorithms

/// The drawing of a page at its working size, read back from a page file through the
/// page's ``PagePlacement/Space`` (the report's `placement.png`).
///
/// Each drawing pixel takes the page pixel under its centre, which `convert` gives that
/// pixel's colour (``pinDrawingCentres(_:drawing:originX:originY:scale:)``): the result is
/// the bitmap `convert` measured, when the page is at least as fine as the drawing.
/// - Parameters:
///   - page: the page file as a 1-channel image.
///   - placement: where the drawing lies on it, in its pixels.
///   - size: the drawing's size in pixels (`processedSize`).
/// - Returns: nil when the drawing's rectangle does not lie inside the page (the report
///   does not describe this file).
public func drawingBitmap(of page: ByteImage, placement: PagePlacement.Space, size: ImageSize) -> ByteImage? {
    precondition(page.channels == 1, "drawingBitmap expects a gray image")
    guard size.width > 0, size.height > 0, placement.scale > 0 else { return nil }
    func column(_ x: Int) -> Int { pagePixel(underCentreOf: x, origin: placement.drawing.x, scale: placement.scale) }
    func row(_ y: Int) -> Int { pagePixel(underCentreOf: y, origin: placement.drawing.y, scale: placement.scale) }
    guard column(0) >= 0, row(0) >= 0, column(size.width - 1) < page.width, row(size.height - 1) < page.height else {
        return nil
    }
    let columns = (0..<size.width).map(column)
    var samples = [UInt8]()
    samples.reserveCapacity(size.pixelCount)
    page.samples.withUnsafeBufferPointer { px in
        for y in 0..<size.height {
            let start = row(y) * page.width
            for x in columns { samples.append(px[start + x]) }
        }
    }
    return ByteImage(width: size.width, height: size.height, samples: samples)
}

/// The bounding box of the ink (samples below 128) of a 1-channel page: its drawing box,
/// without the paper margin around it.
/// - Returns: nil for a page without ink.
public func inkBounds(_ page: ByteImage) -> (x: Int, y: Int, width: Int, height: Int)? {
    precondition(page.channels == 1, "inkBounds expects a gray image")
    var minX = page.width, minY = page.height, maxX = -1, maxY = -1
    page.samples.withUnsafeBufferPointer { px in
        for y in 0..<page.height {
            let rowStart = y * page.width
            var first = -1, last = -1
            for x in 0..<page.width where !isPaper(px[rowStart + x]) {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minX = min(minX, first); maxX = max(maxX, last)
            minY = min(minY, y); maxY = y
        }
    }
    guard maxX >= 0 else { return nil }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
}
