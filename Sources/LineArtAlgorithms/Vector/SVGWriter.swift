/// Writes a ``VectorDrawing`` as a standalone SVG 1.1 document.
///
/// The document is the page of a ``PageLayout``: `width`/`height` in millimetres for a
/// paper size (in pixels for ``PageSize/none``), a `viewBox` in points (pixels), a white
/// background rectangle, and one `<path>` holding every traced outline, filled black with
/// `fill-rule="nonzero"`. Coordinates are written with 2 decimals.
package struct SVGWriter: Sendable, Equatable {
    package init() {}

    /// The SVG file's bytes (UTF-8).
    package func write(_ drawing: VectorDrawing, layout: PageLayout) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(64 * drawing.paths.count + 512)
        var box = [UInt8]()
        appendNumber(layout.pageWidth, to: &box)
        box.append(UInt8(ascii: " "))
        appendNumber(layout.pageHeight, to: &box)
        let boxText = String(decoding: box, as: UTF8.self)
        let parts = boxText.split(separator: " ")
        let widthAttr: String, heightAttr: String
        if layout.size == .none {
            widthAttr = "\(parts[0])"
            heightAttr = "\(parts[1])"
        } else {
            var mm = [UInt8]()
            appendNumber(layout.pageWidth / 72 * 25.4, to: &mm)
            widthAttr = String(decoding: mm, as: UTF8.self) + "mm"
            mm.removeAll()
            appendNumber(layout.pageHeight / 72 * 25.4, to: &mm)
            heightAttr = String(decoding: mm, as: UTF8.self) + "mm"
        }
        out.appendASCII("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(widthAttr)" height="\(heightAttr)" viewBox="0 0 \(boxText)">
            <rect width="100%" height="100%" fill="#fff"/>
            <path fill="#000" fill-rule="nonzero" d="
            """)
        let t = layout.transform
        var first = true
        for path in drawing.paths {
            if !first { out.append(UInt8(ascii: "\n")) }
            first = false
            out.append(UInt8(ascii: "M"))
            appendPoint(t.apply(path.start), to: &out)
            for segment in path.segments {
                switch segment {
                case .line(let to):
                    out.append(UInt8(ascii: "L"))
                    appendPoint(t.apply(to), to: &out)
                case .cubic(let c1, let c2, let to):
                    out.append(UInt8(ascii: "C"))
                    appendPoint(t.apply(c1), to: &out)
                    out.append(UInt8(ascii: " "))
                    appendPoint(t.apply(c2), to: &out)
                    out.append(UInt8(ascii: " "))
                    appendPoint(t.apply(to), to: &out)
                }
            }
            out.append(UInt8(ascii: "Z"))
        }
        out.appendASCII("\"/>\n</svg>\n")
        return out
    }

    private func appendPoint(_ p: VectorPoint, to out: inout [UInt8]) {
        appendNumber(p.x, to: &out)
        out.append(UInt8(ascii: ","))
        appendNumber(p.y, to: &out)
    }
}
