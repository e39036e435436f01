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
    guard let pins = DrawingCentrePins(drawing: drawing, pageWidth: page.width, pageHeight: page.height,
                                       originX: originX, originY: originY, scale: scale) else { return }
    let width = page.width
    page.samples.withUnsafeMutableBufferPointer { out in
        for y in pins.pinnedRows {
            pins.pin(row: y, UnsafeMutableBufferPointer(rebasing: out[(y * width)..<((y + 1) * width)]))
        }
    }
}

/// ``pinDrawingCentres(_:drawing:originX:originY:scale:)`` for a page made row by row
/// (``Rasterizer/renderRows(_:transform:width:height:_:)``): where each page row's pins go.
package struct DrawingCentrePins {
    let drawing: ByteImage
    /// The page column under each drawing column's centre.
    let columns: [Int]
    /// The drawing row whose centres lie on each page row, or -1.
    let drawingRow: [Int]

    /// Nil when nothing is pinned: `scale < 1`, or drawing columns off the page.
    package init?(drawing: ByteImage, pageWidth: Int, pageHeight: Int, originX: Double, originY: Double, scale: Double) {
        precondition(drawing.channels == 1, "pinned drawings are gray")
        guard scale >= 1 else { return nil }
        let columns = (0..<drawing.width).map { pagePixel(underCentreOf: $0, origin: originX, scale: scale) }
        guard let first = columns.first, first >= 0, columns.last! < pageWidth else { return nil }
        var drawingRow = [Int](repeating: -1, count: pageHeight)
        for y in 0..<drawing.height {
            let row = pagePixel(underCentreOf: y, origin: originY, scale: scale)
            if row >= 0, row < pageHeight { drawingRow[row] = y }
        }
        self.drawing = drawing
        self.columns = columns
        self.drawingRow = drawingRow
    }

    /// The page rows that hold pins, top to bottom.
    var pinnedRows: [Int] { drawingRow.indices.filter { drawingRow[$0] >= 0 } }

    /// Pins page row `y` (its pixels in `row`).
    package func pin(row y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) {
        let source = drawingRow[y]
        guard source >= 0 else { return }
        drawing.samples.withUnsafeBufferPointer { px in
            for x in 0..<drawing.width {
                let value: UInt8 = isPaper(px[source * drawing.width + x]) ? 255 : 0
                let i = columns[x]
                if isPaper(row[i]) != (value == 255) { row[i] = value }
            }
        }
    }
}
