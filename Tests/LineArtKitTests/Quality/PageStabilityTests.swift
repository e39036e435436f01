import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// A photo mirrored or turned gives its page mirrored or turned (docs/stability.py measures
/// the same over every sample): the page does not depend on the order its pixels are stored in.
@Suite struct PageStabilityTests {
    /// The squirrel (pet: lines of odd width), the coffee cup (object: even width) and the cat
    /// (pet), whole photos. The cat's page is a few long borders through its fur near the cut,
    /// and one that flips is a large share of its ink: with the Kuwahara filter before the
    /// strength it read 0.75 turned.
    @Test(arguments: [("squirrel_cls.jpg", "pet"), ("coffee.png", "object"), ("chelsea.png", "pet")])
    func aMirroredOrTurnedPhotoGivesThePageMirroredOrTurned(file: String, presetName: String) throws {
        var preset = try BuiltinPresets.named(presetName)
        preset.settings.frame = "photo"  // the frame on the subject is a finding of its own
        let pipeline = try LineArtPipeline(preset: preset)
        let photo = try decodeImage(atPath: repositoryRoot.appendingPathComponent("SampleImages/" + file).path).image
        let page = pipeline.run(photo).lineArt
        let mirrored = pipeline.run(photo.oriented(.mirrorHorizontal)).lineArt.oriented(.mirrorHorizontal)
        let turned = pipeline.run(photo.oriented(.rotate90CW)).lineArt.oriented(.rotate270CW)
        // Today (docs/stability.py): the squirrel 1.00 and 0.97, the cup 0.94 and 0.93, the cat
        // 1.00 and 1.00. When the watershed swept plateaus in storage order and odd lines lay
        // on the left or top: the squirrel 0.81 and 0.71, the cat turned 0.69, the cup 0.87
        // and 0.87.
        #expect(inkOverlap(page, mirrored) >= 0.9, "\(file) mirrored \(inkOverlap(page, mirrored))")
        #expect(inkOverlap(page, turned) >= 0.9, "\(file) turned \(inkOverlap(page, turned))")
    }

    /// The cat, whose whole-photo page is a few borders through its fur, saved again as a JPEG
    /// of quality 90 (as a photo is when it is shared): the borders near the cut stay put.
    /// With the Kuwahara filter before the strength the re-encode read 0.51 (docs/stability.py).
    /// Its page has fewer shapes than the pet preset's floor (16), so it keeps fur borders down
    /// to 0.6 of the threshold, and some of those flip: 0.66 (0.84 before that floor), 0.64
    /// since borders between two regions in shadow merge all the same.
    @Test func aReEncodedPhotoGivesTheSamePage() throws {
        var preset = try BuiltinPresets.named("pet")
        preset.settings.frame = "photo"
        let pipeline = try LineArtPipeline(preset: preset)
        let photo = try decodeImage(atPath: repositoryRoot.appendingPathComponent("SampleImages/chelsea.png").path).image
        let jpeg = try Fixtures.jpeg(photo.samples, width: photo.width, height: photo.height,
                                     components: photo.channels, quality: 90)
        let reEncoded = try decodeImage(jpeg).image
        let overlap = inkOverlap(pipeline.run(photo).lineArt, pipeline.run(reEncoded).lineArt)
        #expect(overlap >= 0.62, "re-encoded \(overlap)")
    }

    /// Intersection over union of two pages' ink, each dilated by 2 px.
    private func inkOverlap(_ a: ByteImage, _ b: ByteImage) -> Double {
        precondition(a.size == b.size, "pages of one size")
        let wideA = dilateInk(a, by: .disk(radius: 2)), wideB = dilateInk(b, by: .disk(radius: 2))
        var both = 0, either = 0
        for (x, y) in zip(wideA.samples, wideB.samples) {
            let inkA = !isPaper(x), inkB = !isPaper(y)
            if inkA && inkB { both += 1 }
            if inkA || inkB { either += 1 }
        }
        return Double(both) / Double(max(1, either))
    }
}
