import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `WholeNumbers` gives what `rounded(.down)`, `rounded()` and `UInt8(_:)` give.
@Suite struct WholeNumbersTests {
    /// Every multiple of 1/64 up to 256, the floats next to every half and whole number
    /// below 256, and a spread of large values.
    static let values: [Float] = {
        var values = (0...(256 * 64)).map { Float($0) / 64 }
        for k in 0...512 {
            let v = Float(k) / 2
            values += [v.nextUp, v.nextDown]
        }
        values += [0.49999997, 0.50000006, 254.49998, 254.50002, 4_194_303.5, 4_194_303, 1_000_000.25]
        return values.filter { $0 >= 0 && $0 < 4_194_304 }
    }()

    @Test func floorAndRoundingMatchTheStandardLibrary() {
        for v in Self.values {
            #expect(WholeNumbers.floor(v) == v.rounded(.down), "v = \(v)")
            #expect(WholeNumbers.rounded(v) == v.rounded(), "v = \(v)")
        }
    }

    @Test func bytesMatchTheIntegerConversion() {
        for v in Self.values where v <= 255 {
            #expect(WholeNumbers.byte(WholeNumbers.floor(v)) == UInt8(v), "v = \(v)")
            #expect(WholeNumbers.byte(WholeNumbers.rounded(min(255, v))) == UInt8(min(255, v).rounded()), "v = \(v)")
        }
    }
}
