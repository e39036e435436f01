import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// The report's placement against what the SVG, PDF and PNG writers actually draw.
@Suite struct PagePlacementTests {
    /// A drawing whose ink reaches all four edges (a 3 px frame) with a disc inside, so the
    /// extremes of the drawn outlines are the drawing's rectangle.
    static func framedDrawing(_ width: Int, _ height: Int) -> ByteImage {
        var page = VectorTestPages.blank(width, height)
        VectorTestPages.rectangleOutline(&page, x0: 0, y0: 0, x1: width, y1: height, thickness: 3)
        VectorTestPages.disc(&page, cx: Double(width) / 2, cy: Double(height) / 2, r: Double(min(width, height)) / 5)
        return page
    }

    /// Smallest and largest x and y of a list of points.
    struct Extent: CustomStringConvertible {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        mutating func add(_ x: Double, _ y: Double) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        var description: String { "x \(minX)...\(maxX), y \(minY)...\(maxY)" }

        /// Whether it is `rectangle` within `tolerance` on every side.
        func matches(_ r: PagePlacement.Rectangle, tolerance: Double) -> Bool {
            abs(minX - r.x) <= tolerance && abs(minY - r.y) <= tolerance
                && abs(maxX - (r.x + r.width)) <= tolerance && abs(maxY - (r.y + r.height)) <= tolerance
        }
    }

    /// The coordinates of the SVG's path data (every point, control points included).
    static func svgExtent(_ svg: [UInt8]) throws -> (viewBox: String, extent: Extent) {
        let elements = try #require(SVGWriterTests.parse(svg))
        let viewBox = try #require(elements.first?.attributes["viewBox"])
        let d = try #require(elements.first { $0.name == "path" }?.attributes["d"])
        var extent = Extent()
        for path in SVGWriterTests.paths(fromPathData: d) {
            extent.add(path.start.x, path.start.y)
            for segment in path.segments {
                switch segment {
                case .line(let to): extent.add(to.x, to.y)
                case .cubic(let c1, let c2, let to): for p in [c1, c2, to] { extent.add(p.x, p.y) }
                }
            }
        }
        return (viewBox, extent)
    }

    /// The MediaBox and the coordinates of the `m`, `l` and `c` operators of a one-page PDF,
    /// its content stream inflated; y turned to the top-left origin (`height - y`).
    static func pdfExtent(_ pdf: [UInt8]) throws -> (mediaBox: [Double], extent: Extent) {
        let mediaBox = try #require(try PDFWriterTests.checkStructure(pdf).first)
        let text = String(decoding: pdf, as: UTF8.self)
        let r = try #require(text.range(of: "/Length "))
        let length = try #require(Int(text[r.upperBound...].prefix { $0.isNumber }))
        let header = Array("/Filter /FlateDecode >>\nstream\n".utf8)
        let start = try #require((0...(pdf.count - header.count)).first { pdf[$0..<($0 + header.count)].elementsEqual(header) })
            + header.count
        let stream = try #require(Deflate.decompress(Array(pdf[start..<(start + length)]), maxSize: 1 << 22))
        var extent = Extent()
        var operators = 0
        for line in String(decoding: stream, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let op = words.last, ["m", "l", "c"].contains(op) else { continue }
            let numbers = words.dropLast().compactMap { Double($0) }
            #expect(numbers.count == words.count - 1 && numbers.count % 2 == 0, "\(line)")
            for k in stride(from: 0, to: numbers.count, by: 2) { extent.add(numbers[k], mediaBox[3] - numbers[k + 1]) }
            operators += 1
        }
        #expect(operators > 8)
        return (mediaBox, extent)
    }

    /// The smallest rectangle of pixels holding every ink pixel.
    static func inkExtent(_ page: ByteImage) -> Extent {
        var extent = Extent()
        for y in 0..<page.height {
            for x in 0..<page.width where page[x, y] < 128 { extent.add(Double(x), Double(y)) }
        }
        return extent
    }

    static func text(_ value: Double) -> String {
        var out = [UInt8]()
        appendNumber(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A4 portrait and landscape, letter both ways, margins 10, 0 and 25 mm, PNG at 72-300 DPI.
    @Test(arguments: [
        (60, 100, PageSize.a4, 10.0, 150.0),
        (160, 120, PageSize.a4, 10.0, 72.0),
        (90, 120, PageSize.letter, 0.0, 300.0),
        (200, 70, PageSize.letter, 25.0, 100.0),
    ])
    func rectangleIsWhereTheWritersDraw(width: Int, height: Int, paper: PageSize, margin: Double, dpi: Double) throws {
        let page = Self.framedDrawing(width, height)
        let drawing = VectorTracer().trace(page)
        let layout = PageLayout(width: width, height: height, size: paper, marginMillimetres: margin)
        let raster = try PageRaster(layout: layout, dpi: dpi)
        let placement = PagePlacement(layout: layout, png: raster)
        #expect(placement.paper == paper)
        #expect(placement.landscape == (width > height))
        let points = placement.points
        #expect(points.dpi == nil)
        #expect(abs(points.drawing.width - points.scale * Double(width)) < 1e-9)
        #expect(abs(points.drawing.height - points.scale * Double(height)) < 1e-9)

        // SVG: the viewBox is the page, the outlines span the drawing's rectangle (2 decimals).
        let svg = try Self.svgExtent(SVGWriter().write(drawing, layout: layout))
        #expect(svg.viewBox == "0 0 \(Self.text(points.width)) \(Self.text(points.height))")
        #expect(svg.extent.matches(points.drawing, tolerance: 0.0051), "SVG draws \(svg.extent), report says \(points.drawing)")

        // PDF: the MediaBox is the page, the outlines (y flipped back) span the same rectangle.
        let pdf = try Self.pdfExtent(PDFWriter().write(drawing, layout: layout))
        #expect(pdf.mediaBox == [0, 0, Double(Self.text(points.width))!, Double(Self.text(points.height))!])
        #expect(abs(pdf.mediaBox[2] - points.width) < 0.0051 && abs(pdf.mediaBox[3] - points.height) < 0.0051)
        // The y of the PDF comes from the unrounded page height minus a rounded value; 0.01 covers both.
        #expect(pdf.extent.matches(points.drawing, tolerance: 0.0101), "PDF draws \(pdf.extent), report says \(points.drawing)")

        // PNG: the page at `dpi`, ink exactly on the pixels whose centres are in the rectangle.
        let png = try #require(placement.png)
        #expect(png.dpi == dpi)
        #expect(abs(png.scale - points.scale * dpi / 72) < 1e-9)
        let bitmap = renderPrintBitmap(drawing, raster: raster)
        #expect(Double(bitmap.width) == png.width && Double(bitmap.height) == png.height)
        let ink = Self.inkExtent(bitmap)
        let r = png.drawing
        #expect(ink.minX == (r.x - 0.5).rounded(.up) && ink.maxX == (r.x + r.width - 0.5).rounded(.up) - 1, "\(ink) vs \(r)")
        #expect(ink.minY == (r.y - 0.5).rounded(.up) && ink.maxY == (r.y + r.height - 0.5).rounded(.up) - 1, "\(ink) vs \(r)")
    }

    /// A resolution that gives no page of 1 to 30000 pixels a side is an error, also when the
    /// page size in pixels would not fit an `Int` (it trapped before).
    @Test(arguments: [0, -1, 0.001, 3000, 1e300, Double.infinity, Double.nan])
    func unusableResolutionsAreErrors(dpi: Double) {
        let layout = PageLayout(width: 300, height: 200, size: .a4)
        #expect(throws: CodecError.self) { try PageRaster(layout: layout, dpi: dpi) }
    }

    @Test func pagePositionsMapToDrawingPixels() {
        let layout = PageLayout(width: 300, height: 200, size: .a4)
        let points = PagePlacement(layout: layout, png: nil).points
        let d = points.drawing, s = points.scale
        #expect(points.drawingPixel(atX: d.x, y: d.y) == PixelPoint(x: 0, y: 0))
        #expect(points.drawingPixel(atX: d.x + 2.5 * s, y: d.y + 7.99 * s) == PixelPoint(x: 2, y: 7))
        #expect(points.drawingPixel(atX: d.x + d.width - 0.001, y: d.y + d.height - 0.001) == PixelPoint(x: 299, y: 199))
        // The margin is outside the drawing on every side.
        #expect(points.drawingPixel(atX: d.x - 0.001, y: d.y).x == -1)
        #expect(points.drawingPixel(atX: d.x + d.width, y: d.y).x == 300)
        #expect(points.drawingPixel(atX: d.x, y: 0).y < 0)
    }

    /// `--page none`: the pages are the drawing itself, 1 point and 1 PNG pixel per pixel.
    @Test func noPaperIsTheIdentity() {
        let layout = PageLayout(width: 320, height: 200, size: .none)
        let placement = PagePlacement(layout: layout, png: PageRaster(bitmapWidth: 320, height: 200, dpi: nil))
        let identity = PagePlacement.Space(width: 320, height: 200, drawing: .init(x: 0, y: 0, width: 320, height: 200), scale: 1)
        #expect(placement == PagePlacement(paper: .none, landscape: true, points: identity, png: identity))
        let withDPI = PagePlacement(layout: layout, png: PageRaster(bitmapWidth: 320, height: 200, dpi: 96))
        #expect(withDPI.png?.dpi == 96 && withDPI.png?.scale == 1)
    }

    /// Reports read back by `--skip-existing` may come from a version without `placement`.
    @Test func reportsWithoutPlacementStillDecode() throws {
        let report = ImageReport(input: "a.jpg", page: "a.png", format: "jpeg", originalSize: ImageSize(width: 4, height: 4),
                                 processedSize: ImageSize(width: 4, height: 4), orientation: 1, preset: "pet",
                                 settings: LineArtSettings(), fillability: FillabilityValidator(minRegionArea: 1).validate(VectorTestPages.blank(4, 4)),
                                 timingsMs: StageTimings(), faces: [], lineSource: .engine, warnings: [])
        let old = try encodeReportJSON(report)
        #expect(!String(decoding: old, as: UTF8.self).contains("placement"))
        #expect(try JSONDecoder().decode(ImageReport.self, from: old).placement == nil)
        var placed = report
        placed.placement = PagePlacement(layout: PageLayout(width: 4, height: 4, size: .letter), png: nil)
        let decoded = try JSONDecoder().decode(ImageReport.self, from: encodeReportJSON(placed))
        #expect(decoded.placement == placed.placement)
    }
}
