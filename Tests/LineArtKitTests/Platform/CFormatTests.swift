import Foundation
import Testing
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `String(cFormat:)` writes what Foundation's `String(format:)` wrote for the formats the
/// command line uses.
@Suite struct CFormatTests {
    @Test func numbersAsStringFormatWroteThem() {
        let cases: [(String, [any CVarArg])] = [
            ("%.1f", [12.25]), ("%.2f", [0.125]), ("%9.1f", [3.14159]), ("%9.1f", [-1234567.89]),
            ("%.0f%%", [99.5]), ("%ld:%02ld:%02ld", [1, 2, 3]), ("%02x", [UInt32(7)]),
            ("throughput: %.2f images/s, %.1f megapixels/s; peak memory %.1f MB", [13.0, 265.75, 41.8]),
            ("", []), ("no numbers", []),
        ]
        for (format, arguments) in cases {
            #expect(String(cFormat: format, arguments: arguments) == String(format: format, arguments: arguments), "\(format)")
        }
    }
}
