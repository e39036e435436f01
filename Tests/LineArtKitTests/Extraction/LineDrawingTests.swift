import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct LineDrawingTests {
    /// A cartoon at 160x120: white paper, a filled shape with a colour gradient inside, a
    /// 1.5 px dark outline around it, an eye (ring) and an open mouth stroke; as L*.
    static func cartoon() -> FloatImage {
        let w = 160, h = 120
        var l = FloatImage(width: w, height: h, channels: 1, repeating: 97)
        for y in 0..<h {
            for x in 0..<w {
                let dx = (Double(x) - 80) / 55, dy = (Double(y) - 60) / 38
                let r = (dx * dx + dy * dy).squareRoot()
                if r < 1 { l[x, y] = Float(75 - 30 * Double(x) / Double(w)) }  // shaded fill
                if abs(r - 1) * 45 < 0.8 { l[x, y] = 8 }  // outline
                let e = ((Double(x) - 105) * (Double(x) - 105) + (Double(y) - 50) * (Double(y) - 50)).squareRoot()
                if e < 8 { l[x, y] = 95 }
                if abs(e - 8) < 0.8 { l[x, y] = 8 }  // eye
                let m = ((Double(x) - 95) * (Double(x) - 95) + (Double(y) - 55) * (Double(y) - 55)).squareRoot()
                if abs(m - 22) < 0.8 && y > 65 && x < 105 { l[x, y] = 10 }  // mouth, an open arc
            }
        }
        return l
    }

    /// A "photo": soft blobs of several lightnesses with no dark outlines.
    static func softPhoto() -> FloatImage {
        let w = 160, h = 120
        var l = FloatImage(width: w, height: h, channels: 1, repeating: 50)
        for y in 0..<h {
            for x in 0..<w {
                let a = sin(Double(x) / 9) * cos(Double(y) / 7)
                l[x, y] = Float(50 + 35 * tanh(3 * a))
            }
        }
        return l
    }

    @Test func lineDepthIsTheContrastOfThinDarkLinesAndZeroInsideWideDarkAreas() {
        var l = FloatImage(width: 30, height: 10, channels: 1, repeating: 90)
        for y in 0..<10 { l[5, y] = 20 }  // a 1 px line
        for y in 0..<10 { for x in 15..<25 { l[x, y] = 20 } }  // a 10 px dark band
        let depth = lineDepth(l)
        #expect(abs(depth[5 * 30 + 5] - 70) < 0.5, "\(depth[5 * 30 + 5])")
        #expect(depth[5 * 30 + 20] == 0, "the middle of a band wider than the window is no line")
        #expect(depth[5 * 30 + 10] == 0, "paper")
    }

    @Test func aCartoonIsADrawingAndItsOutlinesCloseItsShapes() throws {
        let outlines = try #require(LineDrawing().outlinesIfDrawing(Self.cartoon()))
        // Thin lines: no 2x2 block of ink.
        var blocks = 0
        for y in 0..<119 {
            for x in 0..<159 where outlines[x, y] == 0 && outlines[x + 1, y] == 0
                && outlines[x, y + 1] == 0 && outlines[x + 1, y + 1] == 0 { blocks += 1 }
        }
        #expect(blocks == 0)
        // Paper inside the body, inside the eye and outside: three regions (the mouth is an
        // open stroke inside the body).
        let regions = label(outlines, connectivity: .four, where: FillabilityValidator.isPaper)
        #expect(regions.count == 3, "\(regions.count) paper regions")
        let mouthInk = (66..<78).contains { y in (80..<100).contains { x in outlines[x, y] == 0 } }
        #expect(mouthInk, "the mouth stroke is kept")
    }

    /// Grain: light kernels of 5x4 px with 1 px dark gaps between them, like a sack of corn.
    /// Every edge lies on a dark gap, as in a drawing, but the gaps enclose no shapes.
    @Test func grainWithDarkGapsIsNoDrawing() {
        var grain = FloatImage(width: 160, height: 120, channels: 1, repeating: 80)
        for y in 0..<120 { for x in 0..<160 where x % 6 == 0 || y % 5 == 0 { grain[x, y] = 15 } }
        var loose = LineDrawing()
        loose.maxNearLineShare = 1
        loose.maxDarkShare = 1
        #expect(loose.outlinesIfDrawing(grain) != nil, "passes the outline test alone")
        #expect(LineDrawing().outlinesIfDrawing(grain) == nil)
    }

    /// Small dark spots on a dark ground (a cheetah on earth): every strong edge is beside a
    /// dark mark, as in a drawing, but most of the picture is dark.
    @Test func spotsOnADarkGroundAreNoDrawing() {
        var spotted = FloatImage(width: 160, height: 120, channels: 1, repeating: 40)
        for y in 0..<120 { for x in 0..<160 where x % 16 < 3 && y % 16 < 3 { spotted[x, y] = 8 } }
        var loose = LineDrawing()
        loose.maxDarkShare = 1
        loose.minLongLineShare = 0
        #expect(loose.outlinesIfDrawing(spotted) != nil, "passes the other tests")
        #expect(LineDrawing().outlinesIfDrawing(spotted) == nil)
    }

    /// Short dark dashes on a light ground (twigs, carvings or spots, a dim photo's once its
    /// tones are stretched): every edge lies beside a dark mark, as in a drawing, but no
    /// mark is a long stroke.
    @Test func scatteredDarkDashesAreNoDrawing() {
        var dashes = FloatImage(width: 160, height: 120, channels: 1, repeating: 80)
        for y in stride(from: 4, to: 120, by: 16) {
            for x0 in stride(from: 4, to: 150, by: 16) { for x in x0..<(x0 + 5) { dashes[x, y] = 10 } }
        }
        var loose = LineDrawing()
        loose.minLongLineShare = 0
        #expect(loose.outlinesIfDrawing(dashes) != nil, "passes the other tests")
        #expect(LineDrawing().outlinesIfDrawing(dashes) == nil)
    }

    @Test func softShapesWithoutOutlinesAreNoDrawing() {
        #expect(LineDrawing().outlinesIfDrawing(Self.softPhoto()) == nil)
        #expect(LineDrawing().outlinesIfDrawing(FloatImage(width: 50, height: 40, channels: 1, repeating: 60)) == nil)
        #expect(LineDrawing().outlinesIfDrawing(FloatImage(width: 2, height: 2, channels: 1, repeating: 0)) == nil)
    }

    /// The sample photos are no drawings and the cartoon fish is: at the toddler preset's
    /// 512 px and at the object preset's 768 px, where most of them (and the fish) are
    /// enlarged and so tested at their own size.
    @Test(arguments: ["toddler", "object"])
    func onlyTheCartoonAmongTheSamplesIsADrawing(preset name: String) throws {
        let folder = repositoryRoot.appendingPathComponent("SampleImages")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
        #expect(files.count == 14)
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named(name))
        var drawings: [String] = []
        for file in files {
            let decoded = try decodeImage(atPath: folder.appendingPathComponent(file).path,
                                          options: DecodeOptions(targetMaxDimension: pipeline.settings.maxDimension))
            if pipeline.drawnOutlines(pipeline.preprocess(decoded.image)) != nil { drawings.append(file) }
        }
        #expect(drawings == ["HappyFish.jpg"])
    }

    /// A drawing smaller than its page is traced at the page's size: thin lines that still
    /// close its shapes, not the 3x blocky bands of its enlarged outlines.
    @Test func aSmallDrawingIsTracedAtThePagesSize() throws {
        let page = ImageSize(width: 480, height: 360)
        let outlines = try #require(LineDrawing().outlinesIfDrawing(Self.cartoon(), size: page))
        #expect(outlines.size == page)
        var blocks = 0
        for y in 0..<(page.height - 1) {
            for x in 0..<(page.width - 1) where outlines[x, y] == 0 && outlines[x + 1, y] == 0
                && outlines[x, y + 1] == 0 && outlines[x + 1, y + 1] == 0 { blocks += 1 }
        }
        #expect(blocks == 0)
        let regions = label(outlines, connectivity: .four, where: FillabilityValidator.isPaper)
        #expect(regions.count == 3, "outside, body, eye: \(regions.count) paper regions")
        // The body's outline lies where the cartoon's does, 3x out: on the ellipse of radii
        // 165 x 114 around (240, 180), within 3 px.
        for (x, y) in [(240 - 165, 180), (240 + 165, 180), (240, 180 - 114), (240, 180 + 114)] {
            let near = (-3...3).contains { dy in (-3...3).contains { dx in outlines[x + dx, y + dy] == 0 } }
            #expect(near, "outline near (\(x), \(y))")
        }
    }

    @Test func aDrawingsPageKeepsItsSmallShapesAndOpenStrokes() throws {
        // The cartoon as an RGB photo, through the toddler pipeline (8 px strokes, regions
        // under 8000 px would be merged on a photo's page).
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("toddler"))
        let result = pipeline.run(Self.grey(Self.cartoon()))
        #expect(result.lineSource == .drawing)
        #expect(result.faces.isEmpty)
        let regions = result.analysis.regions
        #expect(regions.count == 3, "outside, body, eye: \(regions.count)")
        let smallest = regions.areas.dropFirst().min() ?? 0
        #expect(smallest > 0 && smallest < pipeline.settings.minRegionArea, "the eye stays: \(regions.areas)")
    }

    /// The cartoon with a pupil: a dark disk 7 px across in its eye.
    static func cartoonWithPupil() -> FloatImage {
        var l = cartoon()
        for y in 0..<l.height {
            for x in 0..<l.width where (x - 105) * (x - 105) + (y - 50) * (y - 50) <= 12 { l[x, y] = 5 }
        }
        return l
    }

    /// A pupil is wider than a line, so it has no outline of its own: it is drawn as solid ink.
    @Test func aDrawingsPupilIsSolidInk() throws {
        let ink = try #require(LineDrawing().inkIfDrawing(Self.cartoonWithPupil()))
        let solid = try #require(ink.solid)
        #expect(solid[105, 50] == 0 && solid[103, 50] == 0 && solid[105, 52] == 0, "the pupil")
        #expect(solid.samples.filter { $0 == 0 }.count < 60, "nothing but the pupil")
        let plain = try #require(LineDrawing().inkIfDrawing(Self.cartoon()))
        #expect(plain.solid?.samples.allSatisfy { $0 == 255 } == true, "no fill in the cartoon without one")
    }

    /// Dark fills that are no pupil stay off the page: a band wider than a line along the
    /// outline (shading), a blob touching the picture's edge, a dark area over 1% of it.
    @Test func darkShadingAndLargeOrCutFillsAreNoPupils() throws {
        var l = Self.cartoon()
        for y in 55..<65 { for x in 30..<70 { l[x, y] = 10 } }  // a 40x10 band: not compact
        for y in 0..<8 { for x in 0..<8 { l[x, y] = 5 } }  // cut by the edge
        let ink = try #require(LineDrawing().inkIfDrawing(l))
        #expect(ink.solid?.samples.allSatisfy { $0 == 255 } == true)
    }

    /// The page of a drawing with a pupil has the pupil as ink, inside the eye's paper.
    @Test func aDrawingsPageDrawsItsPupil() throws {
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("object"))
        let result = pipeline.run(Self.grey(Self.cartoonWithPupil()))
        #expect(result.lineSource == .drawing)
        let page = result.lineArt
        let (x, y) = (105 * page.width / 160, 50 * page.height / 120)
        #expect(page[x, y] == 0, "the pupil is ink on the \(page.width)x\(page.height) page")
        let plain = pipeline.run(Self.grey(Self.cartoon())).lineArt
        #expect(plain[x, y] == 255, "paper in the eye without one")
    }

    /// An sRGB photo whose grey has the lightness `l`.
    static func grey(_ l: FloatImage) -> ByteImage {
        var rgb = ByteImage(width: l.width, height: l.height, channels: 3, repeating: 0)
        for i in 0..<l.pixelCount {
            let code = LabColor.srgb(l: Double(l.samples[i]), a: 0, b: 0).green
            for c in 0..<3 { rgb.samples[3 * i + c] = code }
        }
        return rgb
    }
}
