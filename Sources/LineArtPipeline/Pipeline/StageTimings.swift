import LineArtAlgorithms

/// Milliseconds spent in each stage of converting one photo (or summed over a batch).
///
/// Wall-clock times of one after the other, so they add up to the conversion's time.
public struct StageTimings: Sendable, Equatable, Codable {
    /// Reading the file and decoding it: until the image library has returned the last row.
    public var decode: Double = 0
    /// Preprocessing: from the decoded photo to the working planes, finding its subject first
    /// when the page is framed on it (or `--preset auto` picks by it).
    public var preprocess: Double = 0
    /// The drawing test, the extraction engine and face detection.
    public var extract: Double = 0
    /// Post-processing and drawing the face features.
    public var postprocess: Double = 0
    public var validate: Double = 0
    public var encode: Double = 0

    public init() {}

    /// The stage names, in pipeline order.
    public static let stageNames = ["decode", "preprocess", "extract", "postprocess", "validate", "encode"]

    /// The stages in pipeline order, for tables.
    public var stages: [(name: String, milliseconds: Double)] {
        [("decode", decode), ("preprocess", preprocess), ("extract", extract),
         ("postprocess", postprocess), ("validate", validate), ("encode", encode)]
    }

    public var total: Double { decode + preprocess + extract + postprocess + validate + encode }

    public static func + (a: StageTimings, b: StageTimings) -> StageTimings {
        var sum = StageTimings()
        sum.decode = a.decode + b.decode
        sum.preprocess = a.preprocess + b.preprocess
        sum.extract = a.extract + b.extract
        sum.postprocess = a.postprocess + b.postprocess
        sum.validate = a.validate + b.validate
        sum.encode = a.encode + b.encode
        return sum
    }
}

/// Runs `body` and adds its duration, in milliseconds, to `total`.
@inline(__always)
package func timed<T, E: Error>(_ total: inout Double, _ body: () throws(E) -> T) throws(E) -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try body()
    let elapsed = clock.now - start
    total += milliseconds(elapsed)
    return value
}

/// `duration` in milliseconds.
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
