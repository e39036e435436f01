import FoundationEssentials
import Glibc
import LineArtImage

/// Mid-tone contrast S-curve.
///
/// For a value `x` in `[0, 1]` and boost `k >= 1` the curve is
///
///     y = x^k / (x^k + (1 - x)^k)
///
/// It fixes 0, 0.5 and 1, is monotonic, symmetric about (0.5, 0.5), and its
/// slope at the mid-tone 0.5 is exactly `k` (and `< 1` near black and white),
/// so mid-tones are stretched by `k` while shadows and highlights are
/// compressed. `k = 1` is the identity.
package struct ContrastCurve: Sendable {
    /// The boost `k`, clamped to `1...3`.
    package let boost: Float
    private let table: [Float]
    private static let tableSize = 4096

    /// - Parameter boost: `contrastBoost`, 1.0...3.0 (values outside are clamped); 1 = identity.
    package init(boost: Float) {
        let k = min(3, max(1, boost.isFinite ? boost : 1))
        self.boost = k
        let n = Self.tableSize
        var t = [Float](repeating: 0, count: n + 1)
        for i in 0...n { t[i] = Self.exact(Float(i) / Float(n), boost: k) }
        table = t
    }

    /// The exact curve value (no table).
    package static func exact(_ x: Float, boost k: Float) -> Float {
        let x = min(1, max(0, x))
        if k == 1 { return x }
        let a = powf(x, k), b = powf(1 - x, k)
        return a / (a + b)
    }

    /// Whether this curve is the identity.
    package var isIdentity: Bool { boost == 1 }

    /// The curve at `x` (clamped to `[0,1]`), from a 4097-entry table with linear interpolation
    /// (error below 1e-5).
    @inline(__always)
    package func callAsFunction(_ x: Float) -> Float {
        if boost == 1 { return min(1, max(0, x)) }
        let p = min(1, max(0, x)) * Float(Self.tableSize)
        let i = min(Int(p), Self.tableSize - 1)
        let f = p - Float(i)
        return table.withUnsafeBufferPointer { $0[i] + f * ($0[i + 1] - $0[i]) }
    }

    /// Applies the curve in place to channel `channel` of `image`, whose values are in
    /// `0...scale`, in row bands on `threads` threads (the same result for any count).
    package func apply(to image: inout FloatImage, channel: Int = 0, scale: Float = 1, threads: Int = 1) {
        guard !isIdentity else { return }
        let ch = image.channels, w = image.width
        let inv = 1 / scale
        table.withUnsafeBufferPointer { t in
            image.samples.withUnsafeMutableBufferPointer { s in
                let size = Float(Self.tableSize)
                let samples = SharedMutablePointer(base: s.baseAddress!)
                forEachRowBand(rows: image.height, threads: threads) { rows in
                    let s = samples.base
                    for i in (rows.lowerBound * w)..<(rows.upperBound * w) {
                        let idx = i * ch + channel
                        let p = min(1, max(0, s[idx] * inv)) * size
                        let j = min(Int(p), Self.tableSize - 1)
                        let f = p - Float(j)
                        s[idx] = (t[j] + f * (t[j + 1] - t[j])) * scale
                    }
                }
            }
        }
    }
}
