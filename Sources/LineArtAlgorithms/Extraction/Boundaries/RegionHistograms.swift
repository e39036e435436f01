/// Each region's colour histogram (L*a*b* in coarse bins), kept as regions merge, for the
/// χ² difference of two regions' colour distributions: on both sides of a border through
/// mottled gravel, foliage or rippled water the same mix of colours, whatever the two
/// patches' mean colours.
struct RegionHistograms {
    /// L* in 8 bins over 0...100, a* and b* in 6 bins each over −60...60 (ends open).
    static let lightnessBins = 8, chromaBins = 6
    static let chromaRange: Float = 60
    static let bins = lightnessBins * chromaBins * chromaBins
    /// 64-bit words of each region's mask of the bins it fills.
    static let words = (bins + 63) / 64

    private var counts: [Int32]
    private var filled: [UInt64]

    /// The histograms of `count` labelled regions of `lab` (one L*a*b* triple per label).
    init(labels: [Int32], count: Int, lab: [Float]) {
        precondition(lab.count == 3 * labels.count, "one L*a*b* triple per label")
        var counts = [Int32](repeating: 0, count: Self.bins * count)
        var filled = [UInt64](repeating: 0, count: Self.words * count)
        counts.withUnsafeMutableBufferPointer { counts in
        filled.withUnsafeMutableBufferPointer { filled in
            lab.withUnsafeBufferPointer { lab in
                for (i, l) in labels.enumerated() {
                    let bin = Self.bin(lightness: lab[3 * i], a: lab[3 * i + 1], b: lab[3 * i + 2])
                    counts[Self.bins * Int(l) + bin] += 1
                    filled[Self.words * Int(l) + bin >> 6] |= 1 << UInt64(bin & 63)
                }
            }
        }
        }
        (self.counts, self.filled) = (counts, filled)
    }

    @inline(__always)
    static func bin(lightness: Float, a: Float, b: Float) -> Int {
        let chromaScale = Float(chromaBins) / (2 * chromaRange)
        let l = Int(min(Float(lightnessBins - 1), max(0, lightness * (Float(lightnessBins) / 100))))
        let ia = Int(min(Float(chromaBins - 1), max(0, (a + chromaRange) * chromaScale)))
        let ib = Int(min(Float(chromaBins - 1), max(0, (b + chromaRange) * chromaScale)))
        return (l * chromaBins + ia) * chromaBins + ib
    }

    /// Region `b`'s pixels become part of region `a`'s.
    mutating func join(_ b: Int32, into a: Int32) {
        for w in 0..<Self.words {
            var bits = filled[Self.words * Int(b) + w]
            filled[Self.words * Int(a) + w] |= bits
            filled[Self.words * Int(b) + w] = 0
            while bits != 0 {
                let k = 64 * w + bits.trailingZeroBitCount
                bits &= bits - 1
                counts[Self.bins * Int(a) + k] += counts[Self.bins * Int(b) + k]
                counts[Self.bins * Int(b) + k] = 0
            }
        }
    }

    /// The χ² distance (0 alike ... 1 no colour in common) of regions `a` and `b`, of
    /// `areaA` and `areaB` pixels: ½ Σ (p − q)² / (p + q) over the normalised histograms,
    /// which is 1 − 2 Σ p q / (p + q) over the bins both fill.
    func chiSquared(_ a: Int32, _ b: Int32, areaA: Int, areaB: Int) -> Double {
        let (scaleA, scaleB) = (1 / Double(max(1, areaA)), 1 / Double(max(1, areaB)))
        var shared = 0.0
        for w in 0..<Self.words {
            var bits = filled[Self.words * Int(a) + w] & filled[Self.words * Int(b) + w]
            while bits != 0 {
                let k = 64 * w + bits.trailingZeroBitCount
                bits &= bits - 1
                let p = Double(counts[Self.bins * Int(a) + k]) * scaleA
                let q = Double(counts[Self.bins * Int(b) + k]) * scaleB
                shared += p * q / (p + q)
            }
        }
        return max(0, 1 - 2 * shared)
    }
}
