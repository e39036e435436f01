import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms

/// The skin test drops "faces" the cascade finds in texture of a colour photo: their middle is
/// not reddish as skin is.
@Suite struct SkinTestTests {
    /// A colour photo of 200x200: olive ground (a* −6, b* 20, as leaf litter reads) above a
    /// blue strip (y 160 and down), with `face` wherever `inFace` says.
    static func photo(_ face: (Float, Float, Float), where inFace: @escaping (Int, Int) -> Bool) -> FloatImage {
        TestImages.lab(width: 200, height: 200) { x, y in
            inFace(x, y) ? face : y >= 160 ? (60, -5, -25) : (45, -6, 20)
        }
    }

    /// The face box of the photos: a 60 px square at (70, 70).
    static let face = FaceBox(x: 70, y: 70, size: 60, neighbours: 5)
    static func inBox(_ x: Int, _ y: Int) -> Bool { (70..<130).contains(x) && (70..<130).contains(y) }

    static func passes(_ image: FloatImage, _ face: FaceBox = face) -> Bool { SkinTest(lab: image).faces([face]) == [face] }

    @Test func aReddishFacePasses() {
        // Light, medium and dark skin (a* 9 to 25 among the dev photos' faces).
        for skin: (Float, Float, Float) in [(80, 15, 10), (55, 20, 30), (30, 9, 30)] {
            #expect(Self.passes(Self.photo(skin, where: Self.inBox)), "\(skin)")
        }
    }

    @Test func aFaceOfGroundWaterOrStoneFails() {
        // The ground itself, blue-green water, a beige vase (a* −2), a* just under 5: no face.
        for texture: (Float, Float, Float) in [(45, -6, 20), (50, -10, -1), (63, -2, 5), (60, 4.5, 12)] {
            #expect(!Self.passes(Self.photo(texture, where: Self.inBox)), "\(texture)")
        }
    }

    @Test func theMedianOfTheMiddleDecides() {
        // Red only outside the middle (a third to four fifths down, the half across): fails.
        let ring = Self.photo((60, 25, 20)) { x, y in
            Self.inBox(x, y) && !((85..<115).contains(x) && (88..<118).contains(y))
        }
        #expect(!Self.passes(ring))
        // A face box reaching past the photo's edge reads the part inside.
        let corner = Self.photo((60, 20, 20)) { x, y in x >= 170 && y < 40 }
        #expect(Self.passes(corner, FaceBox(x: 170, y: -20, size: 60, neighbours: 5)))
        #expect(!Self.passes(Self.photo((60, 20, 20), where: Self.inBox), FaceBox(x: 170, y: -20, size: 60, neighbours: 5)))
    }

    @Test func aPhotoWithoutColoursToTellApartPassesEveryFace() {
        // A gray photo: every face reads a* 0.
        let gray = TestImages.lab(width: 200, height: 200) { x, y in ((x + y) % 2 == 0 ? 40 : 60, 0, 0) }
        #expect(Self.passes(gray))
        // Faint colour (mean chroma under 4) is no colour either.
        #expect(Self.passes(TestImages.lab(width: 200, height: 200) { _, _ in (50, -2, 2) }))
        // Nor is a photo toned in one hue (sepia: the tint grows with lightness, a* about 2).
        let sepia = TestImages.lab(width: 200, height: 200) { x, y in
            let l = Float((x * 7 + y * 3) % 90 + 5)
            return (l, 0.04 * l, 0.3 * l)
        }
        #expect(Self.passes(sepia))
        // The same shades in two hues are colour: a green "face" fails.
        let twoHues = TestImages.lab(width: 200, height: 200) { x, y in
            let l = Float((x * 7 + y * 3) % 90 + 5)
            return Self.inBox(x, y) ? (l, -0.2 * l, 0.3 * l) : (l, 0.3 * l, 0.1 * l)
        }
        #expect(!Self.passes(twoHues))
    }
}
