import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms
@testable import LineArtPipeline

/// A frame on a "subject" in which nothing stands out (the subject finder's mistake, such as
/// a patch of shading or grain) is dropped: the page shows the whole photo.
@Suite struct EmptyFrameTests {
    /// A dark square with a white window on the left of a plain light gray photo; the right
    /// half is empty.
    static let photo: ByteImage = {
        var photo = TestImages.rectangle(width: 600, height: 400, x0: 80, y0: 120, x1: 240, y1: 280,
                                         fill: (40, 40, 40), background: (180, 180, 180))
        for y in 170..<230 { for x in 130..<190 { for c in 0..<3 { photo[x, y, c] = 250 } } }
        return photo
    }()

    /// The object page of the photo with its subject at `box`, and the frame that subject asks for.
    static func framedPage(subject box: PixelRectangle) throws -> (frame: PixelRectangle, result: PipelineResult) {
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("object"))
        let subject = Subject(box: box, share: Double(box.area) / Double(photo.size.pixelCount), confidence: 0.5, cue: .contrast)
        let frame = try #require(pipeline.frame(for: subject, photoSize: photo.size))
        return (frame, pipeline.run(photo, subject: subject))
    }

    @Test func aFrameOnAPlainPatchIsDroppedAndThePageShowsTheWholePhoto() throws {
        let (frame, result) = try Self.framedPage(subject: PixelRectangle(x: 420, y: 160, width: 60, height: 80))
        #expect(result.frame == nil)
        #expect(result.emptyFrame == frame)
        #expect(result.lineArt.width == 768, "the whole photo's page")
        #expect(result.fillability.closedRegionCount == 2, "the square and its window, drawn")
    }

    @Test func aFrameOnAShapeIsKept() throws {
        let (frame, result) = try Self.framedPage(subject: PixelRectangle(x: 80, y: 120, width: 160, height: 160))
        #expect(result.frame == frame)
        #expect(result.emptyFrame == nil)
    }

    @Test(arguments: [(regions: 1, closed: 0, standard: true, empty: true), (regions: 9, closed: 0, standard: true, empty: true),
                      (regions: 9, closed: 1, standard: true, empty: false), (regions: 10, closed: 0, standard: true, empty: false),
                      (regions: 2, closed: 0, standard: false, empty: true), (regions: 3, closed: 0, standard: false, empty: false)])
    func aPageShowsNoSubjectWhenItEnclosesNothingAndHasFewRegions(regions: Int, closed: Int, standard: Bool, empty: Bool) {
        let targets: FillabilityTargets = standard ? .standard : .toddler
        let page = FillabilityResult(width: 100, height: 100, regionCount: regions, closedRegionCount: closed,
                                     closureRate: 0, leakPotential: 1, usableRegionCount: regions, tapUsability: 1,
                                     inkFraction: 0.01, passes: false, score: 0,
                                     checks: FillabilityChecks(regionCount: false, closure: false, leak: false, tap: true),
                                     targets: targets, minRegionArea: 500, suggestions: [])
        #expect(LineArtPipeline.showsNoSubject(page, targets: targets) == empty)
    }
}
