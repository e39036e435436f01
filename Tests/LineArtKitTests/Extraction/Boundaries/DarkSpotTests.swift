import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms
@testable import LineArtPipeline

@Suite struct DarkSpotTests {
    /// An eye, 480 x 320: a grey iris of radius 40 on a light field, and in it a black pupil
    /// of radius `pupil`, too small to colour at regions of 500 px.
    static func eye(pupil: Int, pupilLightness: Float = 5) -> FloatImage {
        TestImages.lab(width: 480, height: 320) { x, y in
            let d = (x - 240) * (x - 240) + (y - 160) * (y - 160)
            return d < pupil * pupil ? (pupilLightness, 0, 0) : d < 40 * 40 ? (45, 10, 30) : (80, 5, 10)
        }
    }

    static func ink(_ image: FloatImage, darkSpots: Bool) -> ExtractedInk {
        var p = BoundaryEngineTests.parameters
        p.minRegionArea = 500
        p.darkSpots = darkSpots
        return BoundaryEngine().extractInk(BoundaryEngineTests.prepared(image), parameters: p, threads: 1)
    }

    @Test func aPupilTooSmallToColourIsSolidInk() throws {
        let solid = try #require(Self.ink(Self.eye(pupil: 9), darkSpots: true).solid)
        #expect(solid[240, 160] == 0)
        // The solid ink is the pupil and nothing else: the iris and the field stay paper.
        let inked = solid.samples.filter { $0 == 0 }.count
        #expect(inked > 150 && inked < 400)
        #expect(solid[240, 130] == 255 && solid[10, 10] == 255)
    }

    @Test func offThereIsNoSolidInk() {
        #expect(Self.ink(Self.eye(pupil: 9), darkSpots: false).solid == nil)
    }

    @Test func aSpotLargeEnoughToColourOrNotNearBlackStaysARegion() {
        #expect(Self.ink(Self.eye(pupil: 20), darkSpots: true).solid == nil)
        #expect(Self.ink(Self.eye(pupil: 9, pupilLightness: 32), darkSpots: true).solid == nil)
    }

    @Test func theRuleNeedsARoundShapeMuchDarkerThanItsSurroundings() {
        let rule = DarkSpotRule(lightness: [], minDarkening: 20, colourable: ColourableArea(minPaperArea: 500, lineWidth: 2))
        // A disc of radius 9: area 254, about 72 border pairs.
        #expect(rule.isSpot(area: 254, perimeter: 72, mean: 5, surround: 45, atEdge: false))
        #expect(!rule.isSpot(area: 254, perimeter: 72, mean: 5, surround: 20, atEdge: false), "not darker by 20")
        #expect(!rule.isSpot(area: 254, perimeter: 72, mean: 30, surround: 80, atEdge: false), "not near black")
        // A sliver 3 px wide and 60 long, as dark: a line, not a spot.
        #expect(!rule.isSpot(area: 180, perimeter: 126, mean: 5, surround: 45, atEdge: false))
        #expect(!rule.isSpot(area: 254, perimeter: 72, mean: 5, surround: 45, atEdge: true), "cut by the page's edge")
        #expect(!rule.isSpot(area: 2000, perimeter: 160, mean: 5, surround: 45, atEdge: false), "large enough to colour")
    }

    /// The pet preset's page keeps the pupil as solid ink through the post-processing, which
    /// erases ink that separates no regions; without `darkSpots` the pupil is paper.
    @Test func thePetPageKeepsThePupilAfterPostProcessing() throws {
        var samples: [UInt8] = []
        for y in 0..<320 {
            for x in 0..<480 {
                let d = (x - 240) * (x - 240) + (y - 160) * (y - 160)
                samples += d < 10 * 10 ? [12, 10, 10] : d < 45 * 45 ? [130, 105, 40] : [205, 195, 185]
            }
        }
        let photo = ByteImage(width: 480, height: 320, channels: 3, samples: samples)
        var preset = try BuiltinPresets.named("pet")
        preset.settings.frame = "photo"
        #expect(preset.settings.darkSpots)
        let page = try LineArtPipeline(preset: preset).run(photo).lineArt
        let (cx, cy) = (page.width / 2, page.height / 2)
        #expect(page[cx, cy] == 0)
        preset.settings.darkSpots = false
        #expect(try LineArtPipeline(preset: preset).run(photo).lineArt[cx, cy] == 255)
    }
}
