import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct MarginTrimTests {
    /// 200x150 RGB: a checker texture (so no inner line is uniform), surrounded by the given
    /// margins filled with `border`.
    static func photo(margins m: Margins, border: UInt8 = 0) -> ByteImage {
        var image = ByteImage(width: 200, height: 150, channels: 3, repeating: border)
        for y in m.top..<(150 - m.bottom) {
            for x in m.left..<(200 - m.right) {
                let v: UInt8 = (x / 3 + y / 3) % 2 == 0 ? 90 : 200
                for c in 0..<3 { image[x, y, c] = v }
            }
        }
        return image
    }

    @Test func aScanBorderIsFoundOnEachSideAndCutOff() {
        let m = Margins(top: 5, bottom: 3, left: 6, right: 2)
        let image = Self.photo(margins: m)
        #expect(uniformMargins(image) == m)
        let trimmed = trimmingUniformMargins(image)
        #expect(trimmed.size == ImageSize(width: 192, height: 142))
        // What is left is the texture, starting at its first cell.
        #expect(trimmed[0, 0, 0] == image[6, 5, 0])
        #expect(trimmed[191, 141, 2] == image[197, 146, 2])
    }

    @Test func aPhotoWithoutMarginsIsUnchanged() {
        let image = Self.photo(margins: Margins())
        #expect(uniformMargins(image).isEmpty)
        #expect(trimmingUniformMargins(image).samples == image.samples)
    }

    @Test func wideUniformAreasAndGentleStripsArePartOfThePicture() {
        // A plain sky over the top 30%: far wider than 4%, so it stays.
        #expect(uniformMargins(Self.photo(margins: Margins(top: 45), border: 230)).isEmpty)
        // A 4-row strip that hardly differs from the rows after it stays too.
        var image = ByteImage(width: 200, height: 150, channels: 3, repeating: 0)
        for y in 0..<150 {
            for x in 0..<200 {
                let v: UInt8 = y < 4 ? 120 : UInt8(110 + (x * 7 + y * 3) % 60)  // rows: σ ≈ 17, mean 139.5
                for c in 0..<3 { image[x, y, c] = v }
            }
        }
        #expect(uniformMargins(image).top == 0)
    }
}

extension MarginTrimTests {
    @Test func theSameStripWithAStepIsAMargin() {
        var image = ByteImage(width: 200, height: 150, channels: 3, repeating: 0)
        for y in 0..<150 {
            for x in 0..<200 {
                let v: UInt8 = y < 4 ? 40 : UInt8(110 + (x * 7 + y * 3) % 60)
                for c in 0..<3 { image[x, y, c] = v }
            }
        }
        #expect(uniformMargins(image) == Margins(top: 4))
    }
}

extension MarginTrimTests {
    /// A dev photo's bottom row is dark (σ 11.9 across it, 12.5 once the photo is saved
    /// again as JPEG): trimmed in one and not in the other, the two pages differed in size.
    @Test func oneDarkLineAtTheEdgeIsNotAMargin() {
        #expect(uniformMargins(Self.photo(margins: Margins(bottom: 1))).isEmpty)
        #expect(uniformMargins(Self.photo(margins: Margins(bottom: 2))) == Margins(bottom: 2))
    }
}
