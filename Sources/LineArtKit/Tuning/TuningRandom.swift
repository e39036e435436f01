/// The tuning search's seedable random number generator: SplitMix64 (Steele, Lea & Flood 2014).
/// The same seed gives the same sequence on every platform and Swift version, which the
/// standard library's `SystemRandomNumberGenerator` cannot promise.
public struct TuningRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`, by rejection (no modulo bias, platform independent).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }
        let limit = UInt64.max - UInt64.max % span
        var v = next()
        while v >= limit { v = next() }
        return range.lowerBound + Int(v % span)
    }

    /// A uniform double in `range` (53 random bits).
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
}
