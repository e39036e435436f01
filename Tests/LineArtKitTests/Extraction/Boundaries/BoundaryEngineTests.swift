import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct BoundaryEngineTests {
    static func prepared(_ lab: FloatImage) -> PreprocessedImage {
        let luminance = FloatImage(width: lab.width, height: lab.height, channels: 1,
                                   samples: stride(from: 0, to: lab.samples.count, by: 3).map { lab.samples[$0] / 100 })
        return PreprocessedImage(lab: lab, luminance: luminance, originalSize: lab.size)
    }

    /// The engine's page of `image` (contrast 2, regions of 100 px) and its paper region count.
    static func regions(of image: FloatImage, lineWidth: Int = 2) -> (page: ByteImage, count: Int) {
        var p = parameters
        p.lineWidth = lineWidth
        let page = BoundaryEngine().extract(prepared(image), parameters: p, threads: 1)
        return (page, FillabilityValidator(minRegionArea: 50).validate(page).regionCount)
    }

    static func ink(_ page: ByteImage) -> Int { page.samples.filter { $0 < 128 }.count }

    static let parameters: ExtractionParameters = {
        var p = ExtractionParameters(contrastAdjustment: 2)
        p.minRegionArea = 100
        p.maxRegions = 500
        return p
    }()

    @Test func aDiscIsOneClosedOutline() {
        let image = TestImages.lab(width: 160, height: 120) { x, y in
            (x - 80) * (x - 80) + (y - 60) * (y - 60) < 30 * 30 ? (70, 20, 10) : (30, 0, 0)
        }
        let (page, count) = Self.regions(of: image)
        #expect(count == 2)
        // The outline runs on the disc's rim: every ink pixel lies within 2 px of radius 30.
        for y in 0..<120 {
            for x in 0..<160 where page[x, y] < 128 {
                let r = Double((x - 80) * (x - 80) + (y - 60) * (y - 60)).squareRoot()
                #expect(abs(r - 30) <= 2.5)
            }
        }
    }

    @Test func noLineWhereThePhotoHasNoEdge() {
        // A flat field, a slow ramp across the page and fine noise: nothing a person would outline.
        var rng = SplitMix64(seed: 11)
        let flat = TestImages.lab(width: 160, height: 120) { _, _ in (50, 5, 5) }
        let ramp = TestImages.lab(width: 160, height: 120) { x, _ in (20 + Float(x) / 3, 0, 0) }
        let noise = TestImages.lab(width: 160, height: 120) { _, _ in (50 + Float.random(in: -3...3, using: &rng), 0, 0) }
        for image in [flat, ramp, noise] {
            let page = BoundaryEngine().extract(Self.prepared(image), parameters: Self.parameters, threads: 1)
            #expect(Self.ink(page) == 0)
        }
    }

    @Test func aFainterBoundaryNeedsALowerContrastSetting() {
        // Two halves ΔE 4 apart: below the threshold of contrast 2 (6 ΔE), above that of 1 (3 ΔE).
        let image = TestImages.lab(width: 160, height: 120) { x, _ in x < 80 ? (48, 0, 0) : (52, 0, 0) }
        var faint = Self.parameters
        #expect(Self.ink(BoundaryEngine().extract(Self.prepared(image), parameters: faint, threads: 1)) == 0)
        faint.contrastAdjustment = 1
        #expect(Self.ink(BoundaryEngine().extract(Self.prepared(image), parameters: faint, threads: 1)) > 100)
    }

    @Test func aMirroredPhotoGivesTheMirroredPage() {
        let image = TestImages.lab(width: 150, height: 100) { x, y in
            if (x - 50) * (x - 50) + (y - 50) * (y - 50) < 25 * 25 { return (70, 30, 0) }
            if x > 95 && y > 20 && y < 80 { return (20, 0, -30) }
            return (45, 0, 10)
        }
        let mirrored = TestImages.lab(width: 150, height: 100) { x, y in
            (image[149 - x, y, 0], image[149 - x, y, 1], image[149 - x, y, 2])
        }
        let engine = BoundaryEngine()
        let page = engine.extract(Self.prepared(image), parameters: Self.parameters, threads: 1)
        let back = engine.extract(Self.prepared(mirrored), parameters: Self.parameters, threads: 1)
        var same = 0, either = 0
        for y in 0..<100 {
            for x in 0..<150 {
                let a = page[x, y] < 128, b = back[149 - x, y] < 128
                if a || b { either += 1 }
                if a && b { same += 1 }
            }
        }
        #expect(either > 0)
        #expect(Double(same) / Double(either) > 0.6)   // 1-px lines: a pixel's shift halves the overlap
    }

    @Test func threadsDoNotChangeThePage() {
        let image = TestImages.lab(width: 200, height: 140) { x, y in
            ((x / 40 + y / 35) % 3 == 0) ? (30, 10, 0) : ((x * y) % 7 == 0 ? (55, 0, 0) : (60, 0, 0))
        }
        let one = BoundaryEngine().extract(Self.prepared(image), parameters: Self.parameters, threads: 1)
        let two = BoundaryEngine().extract(Self.prepared(image), parameters: Self.parameters, threads: 2)
        #expect(one == two)
    }
}
