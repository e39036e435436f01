import LineArtCodecs

/// Writes one or more traced pages as a PDF 1.4 document.
///
/// Layout: `%PDF-1.4` and a binary comment line; object 1 the catalog, object 2 the page
/// tree, then for page k object `3 + 2k` (`/Page` with `/MediaBox [0 0 w h]` in points)
/// and object `4 + 2k` (its content stream, zlib-compressed with `/FlateDecode` unless
/// `compressStreams` is false: a page's paths shrink about fourfold); then a cross-reference table
/// whose 20-byte entries hold each object's byte offset, the trailer, `startxref` and
/// `%%EOF`. Page content paints the ink with `m`, `l`, `c`, `h` and one nonzero fill
/// `f` in black (`0 g`); page coordinates are flipped (PDF's origin is bottom-left).
package struct PDFWriter: Sendable, Equatable {
    /// Whether content streams are compressed (`/FlateDecode`, zlib level 6).
    package var compressStreams: Bool

    package init(compressStreams: Bool = true) {
        self.compressStreams = compressStreams
    }

    /// A PDF with one page per (drawing, layout), in order.
    package func write(pages: [(drawing: VectorDrawing, layout: PageLayout)]) -> [UInt8] {
        var out = [UInt8]()
        var offsets = [Int](repeating: 0, count: 2 + 2 * pages.count + 1)  // index = object number
        out.appendASCII("%PDF-1.4\n%\u{00E2}\u{00E3}\u{00CF}\u{00D3}\n")
        func beginObject(_ number: Int) {
            offsets[number] = out.count
            out.appendASCII("\(number) 0 obj\n")
        }
        beginObject(1)
        out.appendASCII("<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        beginObject(2)
        let kids = (0..<pages.count).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
        out.appendASCII("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>\nendobj\n")
        for (k, page) in pages.enumerated() {
            let pageObject = 3 + 2 * k, contentObject = 4 + 2 * k
            var box = [UInt8]()
            appendNumber(page.layout.pageWidth, to: &box)
            box.append(UInt8(ascii: " "))
            appendNumber(page.layout.pageHeight, to: &box)
            beginObject(pageObject)
            out.appendASCII("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ")
            out.append(contentsOf: box)
            out.appendASCII("] /Resources << >> /Contents \(contentObject) 0 R >>\nendobj\n")
            let plain = contentStream(page.drawing, layout: page.layout)
            let packed = compressStreams ? Deflate.compress(plain) : nil
            let content = packed ?? plain
            beginObject(contentObject)
            out.appendASCII(packed == nil ? "<< /Length \(content.count) >>\nstream\n"
                                          : "<< /Length \(content.count) /Filter /FlateDecode >>\nstream\n")
            out.append(contentsOf: content)
            out.appendASCII("\nendstream\nendobj\n")
        }
        let xref = out.count
        let objectCount = 3 + 2 * pages.count  // including object 0
        out.appendASCII("xref\n0 \(objectCount)\n0000000000 65535 f \n")
        for number in 1..<objectCount {
            let digits = String(offsets[number])
            out.appendASCII(String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n")
        }
        out.appendASCII("trailer\n<< /Size \(objectCount) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n")
        return out
    }

    /// A one-page PDF.
    package func write(_ drawing: VectorDrawing, layout: PageLayout) -> [UInt8] {
        write(pages: [(drawing, layout)])
    }

    /// The page's drawing operators.
    func contentStream(_ drawing: VectorDrawing, layout: PageLayout) -> [UInt8] {
        // Drawing pixels → page points, y flipped to PDF's bottom-left origin.
        var t = layout.transform
        t.b = -t.b; t.d = -t.d; t.ty = layout.pageHeight - t.ty
        var out = [UInt8]()
        out.reserveCapacity(64 * drawing.paths.count + 16)
        out.appendASCII("0 g\n")
        func point(_ p: VectorPoint) {
            let q = t.apply(p)
            appendNumber(q.x, to: &out)
            out.append(UInt8(ascii: " "))
            appendNumber(q.y, to: &out)
            out.append(UInt8(ascii: " "))
        }
        for path in drawing.paths {
            point(path.start)
            out.appendASCII("m\n")
            for segment in path.segments {
                switch segment {
                case .line(let to):
                    point(to)
                    out.appendASCII("l\n")
                case .cubic(let c1, let c2, let to):
                    point(c1); point(c2); point(to)
                    out.appendASCII("c\n")
                }
            }
            out.appendASCII("h\n")
        }
        if !drawing.paths.isEmpty { out.appendASCII("f\n") }
        return out
    }
}
