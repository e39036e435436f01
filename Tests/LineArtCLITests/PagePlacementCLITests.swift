import Foundation
import LineArtKit
import Testing

/// `placement` in NAME.json, end to end: region-map pixels mapped through it land on the
/// same ink and paper in the page files, and every report fits docs/report.schema.json.
@Suite struct PagePlacementCLITests {
    /// A flat-shaded picture: a dark disc and a mid-gray card with a light hole, on light
    /// paper (4 regions on the toddler page); landscape or portrait.
    static func shapes(landscape: Bool) -> ByteImage {
        let (width, height) = landscape ? (300, 200) : (200, 300)
        var image = ByteImage(width: width, height: height, repeating: 235)
        let (cx, cy) = landscape ? (90.0, 100.0) : (100.0, 85.0)
        let card = landscape ? (x0: 165, y0: 35, x1: 275, y1: 165) : (x0: 40, y0: 165, x1: 165, y1: 275)
        for y in 0..<height {
            for x in 0..<width {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                if (px - cx) * (px - cx) + (py - cy) * (py - cy) <= 55 * 55 { image[x, y] = 40 }
                if x >= card.x0, x < card.x1, y >= card.y0, y < card.y1 {
                    let (hx, hy) = (Double(card.x0 + card.x1) / 2, Double(card.y0 + card.y1) / 2)
                    image[x, y] = (px - hx) * (px - hx) + (py - hy) * (py - hy) <= 38 * 38 ? 235 : 130
                }
            }
        }
        return image
    }

    /// Converts the shapes picture and returns the report and the output folder.
    static func convert(landscape: Bool, _ options: [String], in folder: TemporaryFolder) throws -> [String: Any] {
        try folder.write("in/shapes.png", try PNGEncoder(pixelFormat: .gray8).encode(shapes(landscape: landscape)))
        let result = try CLI.run(["convert", "in/shapes.png", "-o", "out", "--regions", "--preset", "toddler",
                                  "--jobs", "1", "-q"] + options, in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        return try readJSONObject(folder.path("out/shapes.json"))
    }

    static func double(_ value: Any?) throws -> Double { try #require((value as? NSNumber)?.doubleValue) }

    /// A space of the placement as numbers: the page size, the drawing's rectangle, the scale.
    struct Space {
        var width, height, x, y, drawingWidth, drawingHeight, scale: Double
        var dpi: Double?

        init(_ json: Any?) throws {
            let object = try #require(json as? [String: Any])
            let drawing = try #require(object["drawing"] as? [String: Any])
            width = try double(object["width"]); height = try double(object["height"])
            x = try double(drawing["x"]); y = try double(drawing["y"])
            drawingWidth = try double(drawing["width"]); drawingHeight = try double(drawing["height"])
            scale = try double(object["scale"])
            dpi = (object["dpi"] as? NSNumber)?.doubleValue
        }

        /// The formula of docs/region-maps.md: the region-map pixel under page position (u, v).
        func mapPixel(_ u: Double, _ v: Double) -> (column: Int, row: Int) {
            (Int(((u - x) / scale).rounded(.down)), Int(((v - y) / scale).rounded(.down)))
        }
    }

    /// Per region-map pixel: 0 when every pixel within 2 (Chebyshev) is ink, 1 when all are
    /// paper, -1 near a line's edge. Tracing moves edges: at a line's rounded corner the
    /// fitted curve cuts up to about a pixel and a half into the pixel stairs.
    static func solidClasses(_ map: RegionMapFile) -> [Int8] {
        var classes = [Int8](repeating: -1, count: map.width * map.height)
        for y in 0..<map.height {
            for x in 0..<map.width {
                let ink = map[x, y] == 0
                var uniform = true
                for dy in -2...2 {
                    for dx in -2...2 {
                        let (nx, ny) = (x + dx, y + dy)
                        if nx >= 0, ny >= 0, nx < map.width, ny < map.height, (map[nx, ny] == 0) != ink { uniform = false }
                    }
                }
                if uniform { classes[y * map.width + x] = ink ? 0 : 1 }
            }
        }
        return classes
    }

    @Test(arguments: [("a4", 72.0, false), ("a4", 100.0, true), ("a4", 150.0, false), ("letter", 120.0, true)])
    func regionMapPixelsLandOnThePagePNG(paper: String, dpi: Double, landscape: Bool) throws {
        let folder = try TemporaryFolder()
        let report = try Self.convert(landscape: landscape, ["--page", paper, "--format", "png,svg", "--dpi", "\(Int(dpi))"],
                                      in: folder)
        let placement = try #require(report["placement"] as? [String: Any])
        #expect(placement["paper"] as? String == paper)
        #expect(placement["landscape"] as? Bool == landscape)
        let processed = try #require(report["processedSize"] as? [String: Int])
        let (w, h) = (try #require(processed["width"]), try #require(processed["height"]))

        let map = try RegionMapFile(contentsOf: folder.path("out/shapes.regions.png"))
        #expect(map.width == w && map.height == h)
        let page = try decodeImage(atPath: folder.path("out/shapes.png").path).image.luma()
        let png = try Space(placement["png"])
        #expect(png.dpi == dpi)
        #expect(Double(page.width) == png.width && Double(page.height) == png.height)
        #expect(abs(png.drawingWidth - png.scale * Double(w)) < 1e-6 && abs(png.drawingHeight - png.scale * Double(h)) < 1e-6)
        #expect(png.scale > 1.5, "the page enlarges the drawing: \(png.scale)")

        // Each region's seed, taken to the page PNG through the placement, is on white paper,
        // and the page pixel there maps back onto the seed.
        let regions = try #require(report["regions"] as? [[String: Any]])
        #expect(regions.count == 4, "\(regions.count) regions")
        for region in regions {
            let seed = try #require(region["seed"] as? [String: Int])
            let (sx, sy) = (try #require(seed["x"]), try #require(seed["y"]))
            let (i, j) = (Int((png.x + (Double(sx) + 0.5) * png.scale).rounded(.down)),
                          Int((png.y + (Double(sy) + 0.5) * png.scale).rounded(.down)))
            #expect(page[i, j] == 255, "seed \(sx),\(sy) of region \(region["id"] ?? "?") is on ink at \(i),\(j)")
            #expect(png.mapPixel(Double(i) + 0.5, Double(j) + 0.5) == (sx, sy))
            #expect(Int(map[sx, sy]) == region["id"] as? Int)
        }

        // Every page pixel, mapped to the region map by the formula of docs/region-maps.md: paper in the
        // margin; on the drawing, ink where the map is solidly ink, paper where it is solidly
        // paper (the edges of lines move a little in tracing).
        let classes = Self.solidClasses(map)
        var checked = (ink: 0, paper: 0), wrong: [String] = []
        for j in 0..<page.height {
            for i in 0..<page.width {
                let (column, row) = png.mapPixel(Double(i) + 0.5, Double(j) + 0.5)
                let dark = page[i, j] < 128
                guard column >= 0, row >= 0, column < w, row < h else {
                    if dark { wrong.append("ink in the margin at \(i),\(j)") }
                    continue
                }
                switch classes[row * w + column] {
                case 0: checked.ink += 1; if !dark { wrong.append("paper at \(i),\(j) over map ink \(column),\(row)") }
                case 1: checked.paper += 1; if dark { wrong.append("ink at \(i),\(j) over map region \(column),\(row)") }
                default: break
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pixels disagree, e.g. \(wrong.prefix(5))")
        #expect(checked.ink > 1000 && checked.paper > checked.ink, "\(checked)")

        // The SVG's outlines lie on the drawing's rectangle of `points`, its viewBox is the page.
        let points = try Space(placement["points"])
        #expect(points.dpi == nil)
        #expect(abs(png.scale - points.scale * dpi / 72) < 1e-9)
        let portrait: (Double, Double) = paper == "a4" ? (595.28, 841.89) : (612, 792)
        let expected = landscape ? (portrait.1, portrait.0) : portrait
        #expect(abs(points.width - expected.0) < 0.005 && abs(points.height - expected.1) < 0.005)
        let svg = try String(contentsOf: folder.path("out/shapes.svg"), encoding: .utf8)
        let d = try #require(svg.components(separatedBy: " d=\"").last?.components(separatedBy: "\"").first)
        let coordinates = d.split(whereSeparator: { "MLCZ ,\n".contains($0) }).compactMap { Double($0) }
        #expect(coordinates.count > 20)
        for (k, value) in coordinates.enumerated() {
            let (low, high) = k % 2 == 0 ? (points.x, points.x + points.drawingWidth) : (points.y, points.y + points.drawingHeight)
            #expect(value >= low - 0.01 && value <= high + 0.01, "SVG coordinate \(value) outside \(low)...\(high)")
        }
    }

    /// `--page none`: the identity. The PNG is the working bitmap, whose ink is the map's ink.
    @Test func noPaperIsTheIdentity() throws {
        let folder = try TemporaryFolder()
        let report = try Self.convert(landscape: true, ["--page", "none", "--format", "png,pdf"], in: folder)
        let placement = try #require(report["placement"] as? [String: Any])
        #expect(placement["paper"] as? String == "none")
        #expect(placement["landscape"] as? Bool == true)
        let processed = try #require(report["processedSize"] as? [String: Int])
        let (w, h) = (Double(try #require(processed["width"])), Double(try #require(processed["height"])))
        for name in ["points", "png"] {
            let space = try Space(placement[name])
            #expect(space.width == w && space.height == h && space.scale == 1, "\(name)")
            #expect(space.x == 0 && space.y == 0 && space.drawingWidth == w && space.drawingHeight == h, "\(name)")
            #expect(space.dpi == nil, "\(name)")
        }
        let map = try RegionMapFile(contentsOf: folder.path("out/shapes.regions.png"))
        let page = try decodeImage(atPath: folder.path("out/shapes.png").path).image.luma()
        #expect(page.width == map.width && page.height == map.height)
        #expect((0..<map.labels.count).allSatisfy { (map.labels[$0] == 0) == (page.samples[$0] < 128) })
        let pdf = try String(decoding: Data(contentsOf: folder.path("out/shapes.pdf")), as: UTF8.self)
        #expect(pdf.contains("/MediaBox [0 0 \(Int(w)) \(Int(h))]"))
    }

    /// Reports with and without paper, and the batch report, fit the schema; a report with
    /// a field the schema lacks does not.
    @Test func reportsFitTheSchema() throws {
        let check = try JSONSchemaCheck(docsFile: "report.schema.json")
        for options in [["--page", "a4", "--format", "png,pdf", "--dpi", "90"], ["--page", "none"], ["--page", "letter", "--format", "svg"]] {
            let folder = try TemporaryFolder()
            _ = try Self.convert(landscape: false, options, in: folder)
            let report = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: folder.path("out/shapes.json")))
            guard case .object(var fields) = report, case .object(var placement)? = fields["placement"] else {
                Issue.record("\(options): no placement object"); continue
            }
            #expect(check.problems(in: report).isEmpty, "\(options): \(check.problems(in: report))")
            let batch = try check.problems(inFile: folder.path("out/report.json"))
            #expect(batch.isEmpty, "\(batch)")

            placement["origin"] = .string("top-left")
            fields["placement"] = .object(placement)
            let extra = JSONValue.object(fields)
            #expect(check.problems(in: extra) == ["$: matches 0 of the oneOf schemas, not 1"])
            #expect(check.problems(in: extra, as: "imageReport") == ["$.placement: \"origin\" is not in the schema"])
        }
    }
}
