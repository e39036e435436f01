import Foundation
import LineArtImage
import Testing

@testable import LineArtAlgorithms
@testable import LineArtCodecs
@testable import LineArtPipeline

@Suite struct TurnedFaceTests {
    /// A face found upright in a turned copy of an image lies, in the image, as the same
    /// square around the same point, leaning by the turn undone.
    @Test(arguments: [(EXIFOrientation.rotate90CW, -90.0), (.rotate270CW, 90.0), (.rotate180, 180.0)])
    func aFaceFoundTurnedMapsBackLeaning(turn: EXIFOrientation, lean: Double) throws {
        var stored = ByteImage(width: 100, height: 60, repeating: 0)
        stored[70, 15] = 255
        let upright = stored.oriented(turn)
        let marker = try #require(upright.samples.firstIndex(of: 255))
        let (ux, uy) = (marker % upright.width, marker / upright.width)
        let face = FaceBox(x: ux - 5, y: uy - 5, size: 11, neighbours: 4)
        let back = face.unoriented(turn, uprightSize: upright.size)
        #expect(back.x + 5 == 70 && back.y + 5 == 15, "\(back)")
        #expect(back.size == 11 && back.neighbours == 4 && back.tilt == lean)
        #expect(face.unoriented(.up, uprightSize: upright.size) == face)
    }

    /// The astronaut turned sideways or upside down gets her face's features on the page: her
    /// page is framed on her face (``SubjectFinder``), which the page's own search then looks
    /// for turned when it finds no upright face.
    @Test(arguments: [(EXIFOrientation.rotate90CW, 90.0), (.rotate270CW, -90.0), (.rotate180, 180.0)])
    func theAstronautTurnedHasHerFaceFound(turn: EXIFOrientation, lean: Double) throws {
        let path = repositoryRoot.appendingPathComponent("SampleImages/astronaut.png").path
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("portrait"))
        let photo = try decodeImage(atPath: path, options: DecodeOptions(targetMaxDimension: 768)).image
        let upright = try #require(pipeline.detectFaces(pipeline.preprocess(photo)).first)
        // The photo turned by `turn` shows her face leaning by the turn.
        let turned = pipeline.preprocess(photo.oriented(turn))
        #expect(pipeline.detectFaces(turned).isEmpty, "not upright")
        let faces = pipeline.detectFaces(turned, alsoTurned: true)
        try #require(faces.count == 1, "\(faces)")
        let face = faces[0]
        #expect(face.tilt == lean, "\(face)")
        var twoThreads = pipeline
        twoThreads.threads = 2
        #expect(twoThreads.detectFaces(turned, alsoTurned: true) == faces, "the turns searched side by side")
        // Her face's centre, turned back, is where the upright search finds it.
        let centre = PixelRectangle(x: face.x + face.size / 2, y: face.y + face.size / 2, width: 1, height: 1)
            .unoriented(turn, uprightSize: turned.size)
        #expect(abs(centre.x - (upright.x + upright.size / 2)) <= 20
                && abs(centre.y - (upright.y + upright.size / 2)) <= 20, "\(centre) against \(upright)")
        // The portrait page, framed on her turned face, draws her features (she leans by
        // about 15 degrees besides, which the framed page sees).
        let run = pipeline.run(photo.oriented(turn))
        try #require(run.faces.count == 1, "\(run.faces)")
        #expect(abs(remainder(run.faces[0].tilt - lean, 360)) <= 15, "\(run.faces)")
    }
}
