import LineArtKit

/// Synthetic line-art pages (0 ink on 255 paper) for the vector and region tests.
enum VectorTestPages {
    static func blank(_ width: Int, _ height: Int) -> ByteImage {
        ByteImage(width: width, height: height, repeating: 255)
    }

    /// Ink where `inside(x, y)` holds for the pixel centre.
    static func paint(_ page: inout ByteImage, _ inside: (Double, Double) -> Bool) {
        for y in 0..<page.height {
            for x in 0..<page.width where inside(Double(x) + 0.5, Double(y) + 0.5) {
                page[x, y] = 0
            }
        }
    }

    static func disc(_ page: inout ByteImage, cx: Double, cy: Double, r: Double) {
        paint(&page) { x, y in (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r }
    }

    static func ring(_ page: inout ByteImage, cx: Double, cy: Double, r: Double, thickness: Double) {
        paint(&page) { x, y in
            let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
            return d <= r && d >= r - thickness
        }
    }

    /// A thick segment from (x0, y0) to (x1, y1).
    static func line(_ page: inout ByteImage, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double) {
        paint(&page) { x, y in
            let dx = x1 - x0, dy = y1 - y0
            let t = max(0, min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
            let ex = x - x0 - t * dx, ey = y - y0 - t * dy
            return (ex * ex + ey * ey).squareRoot() <= width / 2
        }
    }

    static func rectangleOutline(_ page: inout ByteImage, x0: Int, y0: Int, x1: Int, y1: Int, thickness: Int) {
        for y in y0..<y1 {
            for x in x0..<x1 where x < x0 + thickness || x >= x1 - thickness || y < y0 + thickness || y >= y1 - thickness {
                page[x, y] = 0
            }
        }
    }

    /// A coloring-page-like drawing: rings, a rectangle, crossing strokes, a dot, 3 px lines.
    static func drawing() -> ByteImage {
        var page = blank(160, 120)
        ring(&page, cx: 50, cy: 50, r: 30, thickness: 3)
        ring(&page, cx: 50, cy: 50, r: 12, thickness: 3)
        rectangleOutline(&page, x0: 90, y0: 20, x1: 150, y1: 100, thickness: 3)
        line(&page, 90, 20, 150, 100, width: 3)
        line(&page, 10, 110, 140, 60, width: 3)
        disc(&page, cx: 20, cy: 20, r: 4)
        return page
    }

    static func inkCount(_ page: ByteImage) -> Int { page.samples.filter { $0 < 128 }.count }
}
