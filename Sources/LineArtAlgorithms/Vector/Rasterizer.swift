import LineArtImage

/// Renders a ``VectorDrawing`` back into a bilevel bitmap: Béziers are flattened into
/// chords, then a scanline fill with the **nonzero** winding rule samples every pixel at its
/// centre (no anti-aliasing: the output is 1-bit line art, 0 ink / 255 paper).
///
/// Used for PNG pages at a print resolution (`--page a4 --dpi 300`): the traced outlines
/// are drawn crisply at any size instead of enlarging the working bitmap's pixels.
package struct Rasterizer: Sendable, Equatable {
    /// Chords per Bézier segment.
    package var flatteningSteps: Int

    package init(flatteningSteps: Int = 8) {
        self.flatteningSteps = flatteningSteps
    }

    /// A `width × height` page (1 channel) with the drawing mapped through `transform`
    /// (drawing pixels → output pixels).
    package func render(_ drawing: VectorDrawing, transform: AffineTransform, width: Int, height: Int) -> ByteImage {
        var page = ByteImage(width: width, height: height, repeating: 255)
        guard width > 0, height > 0 else { return page }
        page.samples.withUnsafeMutableBufferPointer { out in
            renderRows(drawing, transform: transform, width: width, height: height) { y, row in
                (out.baseAddress! + y * width).update(from: row.baseAddress!, count: width)
            }
        }
        return page
    }

    /// ``render(_:transform:width:height:)`` one row at a time, top to bottom, without the
    /// whole page in memory: `body(y, row)` gets row `y` (0 ink, 255 paper) in a buffer it may
    /// change, reused for the next row.
    package func renderRows(_ drawing: VectorDrawing, transform: AffineTransform, width: Int, height: Int,
                            _ body: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void) {
        guard width > 0, height > 0 else { return }
        // Edges (x0, y0) → (x1, y1) with y0 < y1 and the winding direction.
        struct Edge { var x0, y0, x1, y1: Double; var winding: Int }
        var buckets = [[Int]](repeating: [], count: height)
        var edges = [Edge]()
        for path in drawing.paths {
            let points = path.applying(transform).flattened(steps: flatteningSteps)
            guard points.count >= 2 else { continue }
            var previous = points[points.count - 1]
            for p in points {
                defer { previous = p }
                if previous.y == p.y { continue }
                let down = previous.y < p.y
                let e = down ? Edge(x0: previous.x, y0: previous.y, x1: p.x, y1: p.y, winding: 1)
                             : Edge(x0: p.x, y0: p.y, x1: previous.x, y1: previous.y, winding: -1)
                // First scanline whose centre y + 0.5 is >= y0.
                let firstRow = max(0, Int((e.y0 - 0.5).rounded(.up)))
                guard firstRow < height, Double(firstRow) + 0.5 < e.y1 else { continue }
                buckets[firstRow].append(edges.count)
                edges.append(e)
            }
        }
        var active = [Int]()
        var crossings = [(x: Double, winding: Int)]()
        let row = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width)
        defer { row.deallocate() }
        for y in 0..<height {
            row.update(repeating: 255)
            let cy = Double(y) + 0.5
            active.append(contentsOf: buckets[y])
            active.removeAll { edges[$0].y1 <= cy }
            if !active.isEmpty {
                crossings.removeAll(keepingCapacity: true)
                for index in active {
                    let e = edges[index]
                    let x = e.x0 + (cy - e.y0) * (e.x1 - e.x0) / (e.y1 - e.y0)
                    crossings.append((x, e.winding))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for k in 0..<crossings.count - 1 {
                    winding += crossings[k].winding
                    guard winding != 0 else { continue }
                    // Pixels whose centre x + 0.5 lies in [crossing k, crossing k+1).
                    let from = max(0, Int((crossings[k].x - 0.5).rounded(.up)))
                    let to = min(width, Int((crossings[k + 1].x - 0.5).rounded(.up)))
                    if from < to {
                        for x in from..<to { row[x] = 0 }
                    }
                }
            }
            body(y, row)
        }
    }
}
