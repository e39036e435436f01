import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtCodecs

@Suite struct SubjectFinderTests {
    static let width = 600, height = 400

    /// An RGB picture whose pixel `(x, y)` is `colour(x, y)`.
    static func picture(_ colour: (Int, Int) -> (UInt8, UInt8, UInt8)) -> ByteImage {
        var samples = [UInt8]()
        samples.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colour(x, y)
                samples += [r, g, b]
            }
        }
        return ByteImage(width: width, height: height, channels: 3, samples: samples)
    }

    /// Inside the ellipse centred on (420, 210) with half-axes 70 and 100.
    static func inShape(_ x: Int, _ y: Int) -> Bool {
        let dx = Double(x - 420) / 70, dy = Double(y - 210) / 100
        return dx * dx + dy * dy <= 1
    }

    static let shapeBox = PixelRectangle(x: 350, y: 110, width: 141, height: 201)

    /// Big soft colour blobs, as a lens renders a garden out of focus, behind a sharp-edged
    /// ellipse with crisp stripes.
    static func blurredBackgroundAndSharpShape() -> ByteImage {
        Self.picture { x, y in
            if Self.inShape(x, y) { return (x / 6) % 2 == 0 ? (200, 40, 30) : (30, 20, 20) }
            let u = Double(x) / 45, v = Double(y) / 35
            let a = (sin(u) * cos(v) + 1) / 2, b = (sin(0.7 * u + 1.3) * sin(1.1 * v) + 1) / 2
            return (UInt8(60 + 120 * a), UInt8(110 + 100 * b), UInt8(50 + 60 * a * b))
        }
    }

    @Test func aSharpShapeOnABlurredBackgroundIsFoundByFocus() throws {
        let photo = Self.blurredBackgroundAndSharpShape()
        let subject = try #require(SubjectFinder().find(in: photo))
        #expect(subject.cue == .focus)
        #expect(subject.box.contains(Self.shapeBox, slack: 12), "\(subject.box) misses the shape")
        #expect(Self.shapeBox.contains(subject.box, slack: 30), "\(subject.box) is far larger than the shape")
        #expect(subject.share < 0.25 && subject.confidence >= 0.2)
        // Two threads (the colour cue beside the focus map) find the same subject.
        #expect(SubjectFinder().find(in: photo, threads: 2) == subject)
    }

    @Test func aBlurredBackgroundWeighsLessThanTheSubject() throws {
        let photo = Self.blurredBackgroundAndSharpShape()
        let lightness = LabColor.labFromSRGB(photo).channel(0)
        let size = ImageSize(width: 300, height: 200)
        let weight = try #require(backgroundDetailWeight(lightness, size: size, subject: PixelRectangle(x: 0, y: 0, width: 1, height: 1)))
        #expect(weight.size == size)
        #expect(weight[210, 105] == 1, "the middle of the shape keeps its detail")
        #expect(weight[40, 100] < 0.5, "the blurred background far from the shape: \(weight[40, 100])")
        let kept = try #require(backgroundDetailWeight(lightness, size: size, subject: PixelRectangle(x: 20, y: 80, width: 40, height: 40)))
        #expect(kept[40, 100] == 1, "inside the subject's box the weight stays 1")
    }

    @Test func aShapeOnAPlainBackdropIsFoundByContrast() throws {
        let photo = Self.picture { x, y in Self.inShape(x, y) ? (190, 30, 40) : (225, 222, 215) }
        let subject = try #require(SubjectFinder().find(in: photo))
        #expect(subject.cue == .contrast)
        #expect(subject.box.contains(Self.shapeBox, slack: 8), "\(subject.box) misses the shape")
        #expect(Self.shapeBox.contains(subject.box, slack: 8), "\(subject.box) is larger than the shape")
    }

    @Test func aUniformTextureHasNoSubject() {
        var random = SplitMix64(seed: 7)
        let tiles = (0..<(75 * 50)).map { _ in UInt8.random(in: 40...220, using: &random) }
        let photo = Self.picture { x, y in
            let v = tiles[(y / 8) * 75 + x / 8]
            return (v, v, v)
        }
        #expect(SubjectFinder().find(in: photo) == nil)
    }

    @Test func aPlainPhotoHasNoSubject() {
        #expect(SubjectFinder().find(in: Self.picture { _, _ in (120, 130, 140) }) == nil)
    }
}

@Suite struct SubjectFrameTests {
    static let photo = ImageSize(width: 1200, height: 900)

    @Test func framesTheBoxWithAMarginAtAPrintableAspect() throws {
        let box = PixelRectangle(x: 500, y: 300, width: 200, height: 200)
        let frame = try #require(SubjectFrame().frame(box, in: Self.photo))
        #expect(frame.x <= 480 && frame.y <= 280 && frame.x + frame.width >= 720 && frame.y + frame.height >= 520)
        // 1:√2 to within a cell of the grid (60 px: a 20th of the photo's long side).
        #expect(abs(Double(frame.height) - Double(frame.width) * 2.0.squareRoot()) <= 60, "\(frame)")
        let wide = try #require(SubjectFrame().frame(PixelRectangle(x: 100, y: 500, width: 400, height: 100), in: Self.photo))
        #expect(abs(Double(wide.width) - Double(wide.height) * 2.0.squareRoot()) <= 60, "\(wide)")
    }

    @Test func aBoxMovedOrResizedByAFewPixelsGetsTheSameFrame() throws {
        // The coffee cup's box from its PNG and from the photo re-encoded as JPEG (4 px
        // shorter), and moved by 3 px: the frame is the same, so the page is.
        let photo = ImageSize(width: 600, height: 400)
        let frame = try #require(SubjectFrame().frame(PixelRectangle(x: 173, y: 18, width: 249, height: 335), in: photo))
        for box in [PixelRectangle(x: 173, y: 18, width: 249, height: 331), PixelRectangle(x: 176, y: 16, width: 249, height: 335)] {
            #expect(SubjectFrame().frame(box, in: photo) == frame, "\(box)")
        }
    }

    @Test func staysInsideThePhoto() throws {
        let frame = try #require(SubjectFrame().frame(PixelRectangle(x: 0, y: 0, width: 150, height: 300), in: Self.photo))
        #expect(frame.x == 0 && frame.y == 0 && frame.width <= 1200 && frame.height <= 900)
        #expect(frame.width >= 150 && frame.height >= 300)
    }

    @Test func aSubjectFillingThePhotoKeepsTheWholePhoto() {
        #expect(SubjectFrame().frame(PixelRectangle(x: 50, y: 50, width: 1100, height: 800), in: Self.photo) == nil)
    }

    /// Its frame would cover 68% of the photo (1020x720 px), enlarging the subject by 1.2x:
    /// not worth a cut that a re-encode could cross; half the photo is.
    @Test func aFrameOfMoreThanThreeFifthsOfThePhotoKeepsTheWholePhoto() throws {
        #expect(SubjectFrame().frame(PixelRectangle(x: 200, y: 170, width: 800, height: 560), in: Self.photo) == nil)
        let half = try #require(SubjectFrame().frame(PixelRectangle(x: 250, y: 200, width: 640, height: 450), in: Self.photo))
        #expect(Double(half.area) < 0.6 * Double(Self.photo.pixelCount), "\(half)")
    }

    /// The coffee cup's box, its centre 2.5 px from the photo's (the frame is centred, its
    /// margins whole and equal), and a box one cell (75.5 px) right of the centre, whose
    /// frame's left edge falls on a half pixel.
    @Test(arguments: [(ImageSize(width: 600, height: 400), PixelRectangle(x: 173, y: 18, width: 249, height: 335)),
                      (ImageSize(width: 1510, height: 850), PixelRectangle(x: 780, y: 300, width: 100, height: 300))])
    func aMirroredBoxGetsTheMirroredFrame(photo: ImageSize, box: PixelRectangle) throws {
        let mirroredBox = PixelRectangle(x: photo.width - box.x - box.width, y: box.y, width: box.width, height: box.height)
        let frame = try #require(SubjectFrame().frame(box, in: photo))
        let mirrored = try #require(SubjectFrame().frame(mirroredBox, in: photo))
        #expect(mirrored.width == frame.width && mirrored.y == frame.y)
        #expect(mirrored.x == photo.width - frame.x - frame.width, "\(frame) mirrored is \(mirrored)")
    }

    @Test func aTinySubjectIsFramedNoSmallerThanAQuarterOfThePhoto() throws {
        let frame = try #require(SubjectFrame().frame(PixelRectangle(x: 600, y: 400, width: 20, height: 20), in: Self.photo))
        #expect(max(frame.width, frame.height) >= 300)
    }
}

@Suite struct FramedWorkingSizeTests {
    /// The second frame's short side rounds up (560.8 px at a long side of 701): with no
    /// check the page was 561x701, 45 px over the whole photo's 768x512.
    @Test(arguments: [(ImageSize(width: 6000, height: 3400), ImageSize(width: 1700, height: 2400)),
                      (ImageSize(width: 600, height: 400), ImageSize(width: 120, height: 150))])
    func aFramedPageHasNoMorePixelsThanTheWholePhotos(photo: ImageSize, frame: ImageSize) throws {
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("portrait"))
        let whole = workingSize(photo, maxDimension: pipeline.settings.maxDimension).pixelCount
        let longSide = pipeline.workingLongSide(shown: frame, photoSize: photo)
        #expect(longSide < pipeline.settings.maxDimension)
        let framed = workingSize(frame, maxDimension: longSide).pixelCount
        #expect(framed <= whole && framed > whole * 98 / 100, "\(framed) of \(whole)")
    }

    @Test func theWholePhotoAndASmallEnoughFrameKeepMaxDimension() throws {
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("portrait"))
        let photo = ImageSize(width: 3000, height: 3000)
        #expect(pipeline.workingLongSide(shown: photo, photoSize: photo) == 768)
        #expect(pipeline.workingLongSide(shown: ImageSize(width: 1000, height: 1400), photoSize: photo) == 768)
    }

    /// The astronaut's face is found at 98 px (5 windows) in the photo, and at 104 px (4
    /// windows, and mirrored too) once it is re-encoded: one step of the cascade's ladder
    /// apart. Rounded to the ladder and averaged, both give one face of the same size.
    @Test func aFaceFoundAStepLargerGivesTheSameFace() {
        let finder = SubjectFinder()
        let photo = finder.steadyFaces(plain: [FaceBox(x: 178, y: 66, size: 98, neighbours: 5)], mirrored: [])
        let reEncoded = finder.steadyFaces(plain: [FaceBox(x: 175, y: 64, size: 104, neighbours: 4)],
                                           mirrored: [FaceBox(x: 169, y: 64, size: 104, neighbours: 4)])
        #expect(photo.count == 1 && reEncoded.count == 1)
        #expect(photo[0].size == 100 && reEncoded[0].size == 100)
        #expect(abs(photo[0].x - reEncoded[0].x) <= 8 && abs(photo[0].y - reEncoded[0].y) <= 3)
        // Two faces apart stay two.
        #expect(finder.steadyFaces(plain: [FaceBox(x: 0, y: 0, size: 50, neighbours: 4)],
                                   mirrored: [FaceBox(x: 200, y: 0, size: 50, neighbours: 4)]).count == 2)
    }

    /// The same photo re-encoded as JPEG at quality 90 is framed the same (the frame decides
    /// the whole page): before the face's size was rounded to the ladder, 308 x 410 against
    /// 332 x 460.
    @Test func theAstronautReEncodedIsFramedTheSame() throws {
        let photo = try decodeImage(atPath: repositoryRoot.appendingPathComponent("SampleImages/astronaut.png").path).image
        let jpeg = try Fixtures.jpeg(photo.samples, width: photo.width, height: photo.height,
                                     components: photo.channels, quality: 90)
        let reEncoded = try decodeImage(jpeg).image
        let frame = SubjectFrame()
        let a = try #require(SubjectFinder().find(in: photo)), b = try #require(SubjectFinder().find(in: reEncoded))
        #expect(a.cue == .face && b.cue == .face)
        #expect(frame.frame(a.box, in: photo.size) == frame.frame(b.box, in: reEncoded.size))
    }

    /// The astronaut lying on her side or upside down (a photo stored turned) is framed on her
    /// face, turned: no upright face is found, so the photo is searched turned back.
    /// Without that search her turned photos were framed by focus (0.12 ink overlap).
    @Test(arguments: [EXIFOrientation.rotate90CW, .rotate270CW, .rotate180])
    func theAstronautTurnedIsFramedTurned(turn: EXIFOrientation) throws {
        let photo = try decodeImage(atPath: repositoryRoot.appendingPathComponent("SampleImages/astronaut.png").path).image
        let turnedPhoto = photo.oriented(turn), frame = SubjectFrame()
        let upright = try #require(SubjectFinder().find(in: photo))
        let turned = try #require(SubjectFinder().find(in: turnedPhoto))
        #expect(upright.cue == .face && turned.cue == .face)
        #expect(SubjectFinder().find(in: turnedPhoto, threads: 2) == turned, "the turns searched side by side")
        // The turned photo's frame, turned back, is the upright photo's frame.
        let turnedFrame = try #require(frame.frame(turned.box, in: turnedPhoto.size))
        let uprightFrame = try #require(frame.frame(upright.box, in: photo.size))
        #expect(turnedFrame.unoriented(turn, uprightSize: turnedPhoto.size) == uprightFrame)
    }
}
