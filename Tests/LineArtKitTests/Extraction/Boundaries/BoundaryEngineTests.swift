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
        // At 480 px across, the engine's scales are 1, 2 and 4 px.
        let image = TestImages.lab(width: 480, height: 320) { x, y in
            (x - 240) * (x - 240) + (y - 160) * (y - 160) < 60 * 60 ? (70, 20, 10) : (30, 0, 0)
        }
        let (page, count) = Self.regions(of: image)
        #expect(count == 2)
        // The outline runs on the disc's rim: every ink pixel lies within 2 px of radius 60.
        var far = 0
        for y in 0..<320 {
            for x in 0..<480 where page[x, y] < 128 {
                let r = Double((x - 240) * (x - 240) + (y - 160) * (y - 160)).squareRoot()
                if abs(r - 60) > 2 { far += 1 }
            }
        }
        #expect(far == 0)
    }

    @Test func noLineWhereThePhotoHasNoEdge() {
        // A flat field, a slow ramp across the page and fine noise: nothing a person would outline.
        var rng = SplitMix64(seed: 11)
        let flat = TestImages.lab(width: 480, height: 320) { _, _ in (50, 5, 5) }
        let ramp = TestImages.lab(width: 480, height: 320) { x, _ in (20 + Float(x) / 8, 0, 0) }
        let noise = TestImages.lab(width: 480, height: 320) { _, _ in (50 + Float.random(in: -3...3, using: &rng), 0, 0) }
        for image in [flat, ramp, noise] {
            let page = BoundaryEngine().extract(Self.prepared(image), parameters: Self.parameters, threads: 1)
            #expect(Self.ink(page) == 0)
        }
    }

    @Test func aFainterBoundaryNeedsALowerContrastSetting() {
        // Two halves ΔE 5 apart: below the threshold of contrast 3 (6.6 ΔE), above that of 1 (2.2 ΔE).
        let image = TestImages.lab(width: 480, height: 320) { x, _ in x < 240 ? (47.5, 0, 0) : (52.5, 0, 0) }
        var faint = Self.parameters
        faint.contrastAdjustment = 3
        #expect(Self.ink(BoundaryEngine().extract(Self.prepared(image), parameters: faint, threads: 1)) == 0)
        faint.contrastAdjustment = 1
        #expect(Self.ink(BoundaryEngine().extract(Self.prepared(image), parameters: faint, threads: 1)) > 100)
    }

    /// Stability as the boundaries issue measures it: ink overlap (intersection over union)
    /// after a 2 px dilation of both pages.
    static func overlap(_ a: ByteImage, _ b: ByteImage) -> Double {
        let da = dilateInk(a, by: .square(size: 5)), db = dilateInk(b, by: .square(size: 5))
        var both = 0, either = 0
        for i in da.samples.indices {
            let x = da.samples[i] < 128, y = db.samples[i] < 128
            if x || y { either += 1 }
            if x && y { both += 1 }
        }
        return either == 0 ? 1 : Double(both) / Double(either)
    }

    @Test func aMirroredPhotoGivesTheMirroredPage() {
        let image = TestImages.lab(width: 480, height: 320) { x, y in
            if (x - 160) * (x - 160) + (y - 160) * (y - 160) < 80 * 80 { return (70, 30, 0) }
            if x > 300 && y > 60 && y < 260 { return (20, 0, -30) }
            return (45, 0, 10)
        }
        let mirrored = TestImages.lab(width: 480, height: 320) { x, y in
            (image[479 - x, y, 0], image[479 - x, y, 1], image[479 - x, y, 2])
        }
        let engine = BoundaryEngine()
        let page = engine.extract(Self.prepared(image), parameters: Self.parameters, threads: 1)
        let back = engine.extract(Self.prepared(mirrored), parameters: Self.parameters, threads: 1)
        var unmirrored = back
        for y in 0..<320 { for x in 0..<480 { unmirrored[x, y] = back[479 - x, y] } }
        #expect(Self.ink(page) > 0)
        #expect(Self.overlap(page, unmirrored) >= 0.8)
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
