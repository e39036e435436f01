import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct FaceDetectionTests {
    /// A 3×3 grid of 2×2-pixel blocks with the given gray values (row-major), its integral
    /// image and the grid's 16 corners as offsets.
    static func code(blocks: [UInt8]) -> Int {
        var samples = [UInt8](repeating: 0, count: 36)
        for y in 0..<6 { for x in 0..<6 { samples[y * 6 + x] = blocks[(y / 2) * 3 + x / 2] } }
        let integral = integralImage(ByteImage(width: 6, height: 6, samples: samples))
        let corners = (0..<16).map { ($0 / 4) * 2 * 7 + ($0 % 4) * 2 }
        return integral.withUnsafeBufferPointer { s in
            corners.withUnsafeBufferPointer { p in LineArtAlgorithms.lbpCode(s.baseAddress!, grid: p.baseAddress!) }
        }
    }

    @Test func lbpCodeSetsOneBitPerOuterBlockClockwiseFromTheTopLeft() {
        #expect(Self.code(blocks: [9, 9, 9, 9, 5, 9, 9, 9, 9]) == 255, "every block at least the centre")
        #expect(Self.code(blocks: [1, 1, 1, 1, 5, 1, 1, 1, 1]) == 0, "every block darker")
        #expect(Self.code(blocks: [5, 1, 1, 1, 5, 1, 1, 1, 1]) == 128, "top-left: bit 7 (ties count)")
        #expect(Self.code(blocks: [1, 1, 9, 1, 5, 1, 1, 1, 1]) == 32, "top-right: bit 5")
        #expect(Self.code(blocks: [1, 1, 1, 1, 5, 9, 1, 1, 1]) == 16, "middle-right: bit 4")
        #expect(Self.code(blocks: [1, 1, 1, 1, 5, 1, 9, 1, 1]) == 2, "bottom-left: bit 1")
        #expect(Self.code(blocks: [1, 1, 1, 9, 5, 1, 1, 1, 1]) == 1, "middle-left: bit 0")
    }

    @Test func theShippedCascadeHasOpenCVsShape() {
        let cascade = FrontalFaceCascade.openCVFrontalFace
        #expect(cascade.windowSize == 24)
        #expect(cascade.stageThresholds.count == 20)
        #expect(cascade.stageWeakCounts.reduce(0, +) == 139)
        #expect(cascade.featureRects.count == 4 * 136)
    }

    @Test func scaledFeatureGridsStayInsideTheWindow() {
        let cascade = FrontalFaceCascade.openCVFrontalFace
        for scale in [1.0, 1.1, 2.3, 3.7, 10.0] {
            let side = Int((24 * scale).rounded()), stride = 1000
            let offsets = cascade.gridOffsets(stride: stride, scale: scale)
            #expect(offsets.count == 16 * 136)
            for offset in offsets {
                #expect((0...side).contains(offset % stride) && (0...side).contains(offset / stride),
                        "scale \(scale): corner (\(offset % stride), \(offset / stride)) outside \(side)")
            }
        }
    }

    @Test func windowsGroupIntoTheMeanOfEachCrowdedCluster() {
        let crowd = [(100, 100, 50), (102, 98, 52), (98, 101, 49), (101, 103, 51), (99, 100, 48)]
        let stray = [(300, 40, 30), (302, 41, 30)]
        let boxes = groupWindows((crowd + stray).map { (x: $0.0, y: $0.1, size: $0.2) }, minNeighbours: 3)
        #expect(boxes == [FaceBox(x: 100, y: 100, size: 50, neighbours: 5)])
    }

    @Test func aBoxInsideABetterSupportedBoxIsDropped() {
        let outer = (0..<8).map { _ in (x: 100, y: 100, size: 80) }
        let inner = (0..<4).map { _ in (x: 120, y: 120, size: 30) }
        #expect(groupWindows(outer + inner, minNeighbours: 3) == [FaceBox(x: 100, y: 100, size: 80, neighbours: 8)])
    }

    @Test func nothingIsFoundOnAFlatOrNoisyImage() {
        let flat = ByteImage(width: 200, height: 160, repeating: 128)
        #expect(detectFaces(in: flat, minSize: 24, minNeighbours: 3).isEmpty)
        let noise = TestImages.randomScene(width: 240, height: 180, seed: 7)
        let gray = ByteImage(width: noise.width, height: noise.height,
                             samples: (0..<noise.pixelCount).map { noise.samples[$0 * noise.channels] })
        #expect(detectFaces(in: gray, minSize: 24, minNeighbours: 3).isEmpty)
    }

    /// A sample photo through the portrait preset's first stages.
    static func portrait(_ file: String) throws -> (pipeline: LineArtPipeline, prepared: PreprocessedImage) {
        let path = repositoryRoot.appendingPathComponent("SampleImages/\(file)").path
        let pipeline = try LineArtPipeline(preset: BuiltinPresets.named("portrait"))
        let decoded = try decodeImage(atPath: path, options: DecodeOptions(targetMaxDimension: 768))
        return (pipeline, pipeline.preprocess(decoded.image))
    }

    /// The astronaut photo through the portrait preset's first stages.
    static func astronaut() throws -> (pipeline: LineArtPipeline, prepared: PreprocessedImage) {
        try portrait("astronaut.png")
    }

    /// The SSE2 cascade (`cpk_lbp_cascade_keep`) keeps exactly the windows that pass every
    /// stage one window at a time, over every window of several sizes of a face photo (and of
    /// a list whose length is not a multiple of four).
    @Test func theFourWindowCascadeKeepsTheWindowsTheOneWindowCascadeAccepts() throws {
        let (_, prepared) = try Self.astronaut()
        let gray = grayBytes(prepared.luminance)
        let integral = integralImage(gray)
        let stride = gray.width + 1
        let cascade = FrontalFaceCascade.openCVFrontalFace
        var acceptedSomewhere = 0
        cascade.withTables { tables in
            integral.withUnsafeBufferPointer { s in
                for scale in [1.0, 2.1, 4.59, 5.6] {
                    let side = Int((24 * scale).rounded()), step = max(1, Int((2 * scale).rounded()))
                    let offsets = cascade.gridOffsets(stride: stride, scale: scale)
                    var all = [Int]()
                    for y in Swift.stride(from: 0, through: gray.height - side, by: step) {
                        for x in Swift.stride(from: 0, through: gray.width - side, by: step) { all.append(y * stride + x) }
                    }
                    all.removeLast(all.count % 4 == 0 ? 1 : 0)
                    offsets.withUnsafeBufferPointer { o in
                        let expected = all.filter { tables.accepts(s.baseAddress!, origin: $0, offsets: o.baseAddress!) }
                        var origins = all
                        let kept = origins.withUnsafeMutableBufferPointer {
                            tables.keepAccepted(s.baseAddress!, origins: $0.baseAddress!, count: all.count,
                                                offsets: o.baseAddress!)
                        }
                        #expect(Array(origins[..<kept]) == expected, "scale \(scale)")
                        acceptedSomewhere += expected.count
                    }
                }
            }
        }
        #expect(acceptedSomewhere >= 3, "the face's windows pass at some size")
    }

    @Test func theAstronautsFaceIsFoundAtAnyThreadCount() throws {
        var (pipeline, prepared) = try Self.astronaut()
        let faces = pipeline.detectFaces(prepared)
        try #require(faces.count == 1, "faces: \(faces)")
        // Her face spans about x 270-405, y 100-245 of the 768-pixel page.
        let face = faces[0]
        #expect(abs(face.x + face.size / 2 - 335) <= 20 && abs(face.y + face.size / 2 - 175) <= 25, "\(face)")
        #expect((110...180).contains(face.size), "\(face)")
        pipeline.threads = 2
        #expect(pipeline.detectFaces(prepared) == faces)
    }

    /// The cascade takes the cat's fur for a face (5 windows, reddish enough for skin) on her
    /// photo as it is, not on the photo mirrored: no face, so no scribbles of fur drawn as its
    /// features, and the same page either way round. The astronaut's face, found both ways
    /// round, stays (above).
    @Test func aFaceFoundOnlyOneWayRoundIsNoFace() throws {
        let (pipeline, prepared) = try Self.portrait("chelsea.png")
        let minSize = pipeline.minimumFaceSize(width: prepared.width, height: prepared.height)
        let oneWay = SkinTest(lab: prepared.lab).faces(
            detectTiltedFaces(in: grayBytes(prepared.luminance), minSize: minSize, minNeighbours: faceNeighbours))
        try #require(!oneWay.isEmpty, "the cascade's 'face' in the fur, on the photo as it is")
        #expect(pipeline.detectFaces(prepared).isEmpty)
    }

    /// With two threads the page and its faces are those of one thread.
    @Test func aTwoThreadRunGivesTheOneThreadPageAndFace() throws {
        let path = repositoryRoot.appendingPathComponent("SampleImages/astronaut.png").path
        var pipeline = try LineArtPipeline(preset: BuiltinPresets.named("portrait"))
        let photo = try decodeImage(atPath: path, options: DecodeOptions(targetMaxDimension: 768)).image
        let one = pipeline.run(photo)
        pipeline.threads = 2
        let two = pipeline.run(photo)
        #expect(one.faces.count == 1)
        #expect(two.faces == one.faces)
        let samePage = two.lineArt == one.lineArt  // (not expanded: pages print long)
        #expect(samePage)
    }

    @Test func featureStrokesInkOnlyInsideTheFace() throws {
        let (pipeline, prepared) = try Self.astronaut()
        let page = pipeline.postprocess(pipeline.extract(prepared))
        let faces = pipeline.detectFaces(prepared)
        let drawn = pipeline.drawFaceFeatures(on: page, prepared, faces: faces)
        let zone = FaceZone(try #require(faces.first))
        let reach = Double(pipeline.settings.thickness)
        var added = 0
        for y in 0..<page.height {
            for x in 0..<page.width where drawn[x, y] != page[x, y] {
                #expect(drawn[x, y] == 0, "strokes only add ink")
                let dx = (Double(x) - zone.centreX) / (zone.halfWidth + reach)
                let dy = (Double(y) - zone.centreY) / (zone.halfHeight + reach)
                #expect(dx * dx + dy * dy <= 1, "ink at (\(x), \(y)) outside the face")
                added += 1
            }
        }
        // Eyes, brows, the nose's shadow and the mouth: several hundred pixels of 3-px strokes.
        #expect(added >= 400, "ink added: \(added)")
        #expect(pipeline.drawFaceFeatures(on: page, prepared, faces: []) == page)
    }

    @Test func strokesKeepClearOfTheInkAlreadyDrawn() {
        // A dark bar across a light face, and the page already inks the bar's upper edge.
        var lightness = FloatImage(width: 120, height: 120, repeating: 0.8)
        for y in 55..<65 { for x in 20..<100 { lightness[x, y] = 0.2 } }
        var page = ByteImage(width: 120, height: 120, repeating: 255)
        for x in 0..<120 { page[x, 54] = 0 }
        let face = FaceBox(x: 10, y: 0, size: 100, neighbours: 5)
        let drawn = FaceFeatureStrokes().draw(on: page, lightness: lightness, faces: [face], thickness: 1)
        let newInk = (0..<120).flatMap { y in (0..<120).filter { drawn[$0, y] == 0 && page[$0, y] != 0 }.map { (x: $0, y: y) } }
        #expect(!newInk.isEmpty, "the bar's lower edge is drawn")
        #expect(newInk.allSatisfy { $0.y >= 57 }, "nothing within 2 px of the inked row: \(newInk.prefix(5))")
    }

    @Test func turnedHalfImagesShowTheSourceAtTheRotatedPosition() {
        // A bright 12×12 block centred at s = (145.5, 89.5) in a dark 202×162 image, turned by
        // 90 degrees about the centre c = (100.5, 80.5): half-size pixel (i, j) stands for
        // q = (2i + ½, 2j + ½) and shows the photo at c + R(90)(q − c), so the block appears
        // around q = c + R(−90)(s − c) = (109.5, 35.5), i.e. (i, j) = (54.5, 17.5).
        var gray = ByteImage(width: 202, height: 162, repeating: 0)
        for y in 84..<96 { for x in 140..<152 { gray[x, y] = 255 } }
        let turned = PairMeans(gray).turnedHalfImage(degrees: 90)
        #expect(turned.width == 101 && turned.height == 81)
        var sumX = 0.0, sumY = 0.0, weight = 0.0
        for y in 0..<turned.height { for x in 0..<turned.width where turned[x, y] > 0 {
            let v = Double(turned[x, y]); sumX += v * Double(x); sumY += v * Double(y); weight += v
        } }
        #expect(abs(sumX / weight - 54.5) <= 1 && abs(sumY / weight - 17.5) <= 1, "(\(sumX / weight), \(sumY / weight))")
    }

    /// `gray` turned about its centre so that pixel q shows it at c + R(degrees)(q − c)
    /// (nearest pixel, clamped): a leaning copy of a photo.
    static func turned(_ gray: ByteImage, degrees: Double) -> ByteImage {
        let w = gray.width, h = gray.height, c = (x: Double(w - 1) / 2, y: Double(h - 1) / 2)
        var out = gray
        for y in 0..<h {
            for x in 0..<w {
                let p = rotate((Double(x) - c.x, Double(y) - c.y), degrees: degrees)
                let sx = min(w - 1, max(0, Int((c.x + p.x).rounded())))
                let sy = min(h - 1, max(0, Int((c.y + p.y).rounded())))
                out[x, y] = gray[sx, sy]
            }
        }
        return out
    }

    @Test func aTiltedFaceZoneTurnsWithTheFace() {
        let upright = FaceZone(FaceBox(x: 0, y: 0, size: 100, neighbours: 5))
        let leaning = FaceZone(FaceBox(x: 0, y: 0, size: 100, neighbours: 5, tilt: 90))
        // 55 px from the centre: inside along the long (vertical) axis of the face only.
        #expect(upright.contains(x: 50, y: Int(upright.centreY) + 55))
        #expect(!upright.contains(x: 50 + 55, y: Int(upright.centreY)))
        #expect(leaning.contains(x: Int(leaning.centreX) + 55, y: 50))
        #expect(!leaning.contains(x: Int(leaning.centreX), y: 50 + 55))
        // Leaning right (clockwise), the face's lower half moves left.
        #expect(leaning.centreX < 50 && abs(leaning.centreY - 50) < 1e-9)
    }

    @Test func aLeaningFaceIsFoundWithItsTiltAndMappedBack() throws {
        let (pipeline, prepared) = try Self.astronaut()
        let upright = try #require(pipeline.detectFaces(prepared).first)
        let gray = grayBytes(prepared.luminance)
        // Turned by ∓20 degrees, her face leans ±20 degrees; the search at ±15 finds it.
        for degrees in [-20.0, 20.0] {
            let leaning = Self.turned(gray, degrees: degrees)
            let faces = detectTiltedFaces(in: leaning, minSize: 77, minNeighbours: 3)
            try #require(faces.count == 1, "turned \(degrees): \(faces)")
            let face = faces[0]
            #expect(face.tilt == (degrees < 0 ? 15 : -15), "turned \(degrees): \(face)")
            // Where her face centre goes: q = c + R(−degrees)(f − c).
            let c = (x: Double(gray.width - 1) / 2, y: Double(gray.height - 1) / 2)
            let f = (x: Double(upright.x + upright.size / 2) - c.x, y: Double(upright.y + upright.size / 2) - c.y)
            let q = rotate(f, degrees: -degrees)
            let found = (x: Double(face.x + face.size / 2) - c.x, y: Double(face.y + face.size / 2) - c.y)
            #expect(abs(found.x - q.x) <= 20 && abs(found.y - q.y) <= 20, "turned \(degrees): \(face), expected centre \(q)")
        }
        #expect(detectTiltedFaces(in: gray, minSize: 77, minNeighbours: 3).map(\.tilt) == [0])
    }

    @Test func aPictureWhosePixelSumPassesInt32IsSearchedWithoutOverflow() {
        // 3000 × 3000 white pixels sum to 2.3 · 10⁹ > 2³¹: the integral image wraps, and the
        // block sums (differences of four entries) stay exact.
        let white = ByteImage(width: 3000, height: 3000, repeating: 255)
        let integral = integralImage(white)
        func entry(_ x: Int, _ y: Int) -> Int32 { integral[y * 3001 + x] }
        let block = entry(3000, 3000) &- entry(3000, 2000) &- entry(2000, 3000) &+ entry(2000, 2000)
        #expect(block == 255 * 1000 * 1000, "the lower-right 1000 × 1000 block")
        #expect(detectFaces(in: white, minSize: 2900, minNeighbours: 3).isEmpty)
    }

    @Test func faceFeaturesOffMeansNoSearchAndNoStrokes() throws {
        let (pipeline, prepared) = try Self.astronaut()
        var preset = pipeline.preset
        preset.settings.faceFeatures = false
        let plain = try LineArtPipeline(preset: preset)
        #expect(plain.detectFaces(prepared).isEmpty)
        #expect(!pipeline.detectFaces(prepared).isEmpty, "on by default in the portrait preset")
        let page = plain.postprocess(plain.extract(prepared))
        #expect(plain.drawFaceFeatures(on: page, prepared, faces: plain.detectFaces(prepared)) == page)
    }
}

