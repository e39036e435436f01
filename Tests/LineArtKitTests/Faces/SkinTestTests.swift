import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms

/// The skin test drops "faces" the cascade finds in texture of a colour photo: their middle is
/// not reddish as skin is.
@Suite struct SkinTestTests {
    /// A 200x200 photo, olive ground (a* −6, b* 20, as leaf litter reads), with a 60x60 patch of
    /// `patch` at (70, 70); the face box is the patch.
    static func photo(patch: (Float, Float, Float)) -> FloatImage {
        TestImages.lab(width: 200, height: 200) { x, y in
            (70..<130).contains(x) && (70..<130).contains(y) ? patch : (45, -6, 20)
        }
    }

    static let face = FaceBox(x: 70, y: 70, size: 60, neighbours: 5)

    @Test func aReddishFacePasses() {
        // Light, medium and dark skin (a* 9 to 25 among the dev photos' faces).
        for skin: (Float, Float, Float) in [(80, 15, 10), (55, 20, 30), (30, 9, 30)] {
            #expect(SkinTest(lab: Self.photo(patch: skin)).passes(Self.face), "\(skin)")
        }
    }

    @Test func aFaceOfGroundWaterOrStoneFails() {
        // The ground itself, blue-green water, a beige vase (a* −2): no face.
        for texture: (Float, Float, Float) in [(45, -6, 20), (50, -10, -1), (63, -2, 5), (60, 4.5, 12)] {
            #expect(!SkinTest(lab: Self.photo(patch: texture)).passes(Self.face), "\(texture)")
        }
    }

    @Test func theMedianOfTheMiddleDecides() {
        // Red only outside the middle (a third to four fifths down, the half across): fails.
        let ring = TestImages.lab(width: 200, height: 200) { x, y in
            let middle = (85..<115).contains(x) && (88..<118).contains(y)
            return (70..<130).contains(x) && (70..<130).contains(y) && !middle ? (60, 25, 20) : (45, -6, 20)
        }
        #expect(!SkinTest(lab: ring).passes(Self.face))
        // A face box reaching past the photo's edge reads the part inside.
        let edge = FaceBox(x: 170, y: -20, size: 60, neighbours: 5)
        let corner = TestImages.lab(width: 200, height: 200) { x, y in x >= 170 && y < 40 ? (60, 20, 20) : (45, -6, 20) }
        #expect(SkinTest(lab: corner).passes(edge))
    }

    @Test func aPhotoWithoutColourPassesEveryFace() {
        // A gray photo: every face reads a* 0.
        let gray = TestImages.lab(width: 200, height: 200) { x, y in ((x + y) % 2 == 0 ? 40 : 60, 0, 0) }
        #expect(SkinTest(lab: gray).passes(Self.face))
        // Faint colour (mean chroma under 4) is no colour either.
        let faint = TestImages.lab(width: 200, height: 200) { _, _ in (50, -2, 2) }
        #expect(SkinTest(lab: faint).passes(Self.face))
    }
}
