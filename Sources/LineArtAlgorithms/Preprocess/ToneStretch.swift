import LineArtImage

/// A narrow tonal range widened: an under- or over-exposed or hazy photo then draws as the
/// same scene well exposed would. The engine's threshold is a colour difference (ΔE*ab), and
/// such a photo has every difference compressed, so its page would lose most of its lines.
///
/// The range is the spread of L* between its 1st and 99th percentiles. Under `minRange` it is
/// stretched to `minRange` (the gain at most `maxGain`), kept inside 0...100 and centred where
/// it was when it can be; a* and b* are scaled by the same gain, as exposure scales colour
/// with lightness. A photo whose range is `minRange` or more is left as it is, and the gain
/// grows smoothly below it, so a re-encoded photo gets nearly the same gain.
public struct ToneStretch: Sendable, Equatable {
    /// The L* the stretch keeps fixed (the middle of the photo's range).
    public var centre: Float
    /// Where `centre` goes (moved so that the stretched range stays inside 0...100).
    public var newCentre: Float
    /// The factor on L* differences, and on a* and b*: 1 leaves the photo as it is.
    public var gain: Float

    public static let identity = ToneStretch(centre: 50, newCentre: 50, gain: 1)

    /// Ranges under 70 L* are widened to it: 1 in 4 of the BSDS dev photos (hazy hills,
    /// night scenes, a dark zoo); a photo 3x darker than it should be reads about 20.
    public static let defaultMinRange: Float = 70
    /// A gain past 3 would mostly raise the grain of a photo with next to no contrast.
    public static let defaultMaxGain: Float = 3

    public init(centre: Float, newCentre: Float, gain: Float) {
        self.centre = centre
        self.newCentre = newCentre
        self.gain = gain
    }

    /// The stretch of `lab` (3 channels, L* first), from its L* percentiles read to 0.1 L*.
    public init(of lab: FloatImage, minRange: Float = defaultMinRange, maxGain: Float = defaultMaxGain) {
        precondition(lab.channels == 3, "ToneStretch reads L*a*b*")
        guard minRange > 0, lab.pixelCount > 0 else { self = .identity; return }
        var histogram = [Int](repeating: 0, count: 1001)
        lab.samples.withUnsafeBufferPointer { s in
            for i in 0..<lab.pixelCount { histogram[min(1000, max(0, Int(s[3 * i] * 10)))] += 1 }
        }
        func percentile(_ share: Double) -> Float {
            let rank = Int(share * Double(lab.pixelCount))
            var seen = 0
            for (bin, count) in histogram.enumerated() {
                seen += count
                if seen > rank { return Float(bin) / 10 }
            }
            return 100
        }
        let low = percentile(0.01), high = percentile(0.99)
        let gain = min(maxGain, max(1, minRange / max(1, high - low)))
        guard gain > 1 else { self = .identity; return }
        let centre = (low + high) / 2, half = gain * (high - low) / 2
        self.init(centre: centre, newCentre: min(max(centre, half), 100 - half), gain: gain)
    }

    /// Whether the stretch leaves every photo as it is.
    public var isIdentity: Bool { gain == 1 && newCentre == centre }

    /// One L* value stretched, clamped to 0...100.
    @inline(__always)
    func lightness(_ l: Float) -> Float { min(100, max(0, newCentre + (l - centre) * gain)) }

    /// Applies the stretch to L*a*b* pixels in place.
    public func apply(to lab: inout FloatImage, threads: Int = 1) {
        guard !isIdentity else { return }
        precondition(lab.channels == 3, "ToneStretch works on L*a*b*")
        let w = lab.width
        lab.samples.withUnsafeMutableBufferPointer { s in
            let out = SharedMutablePointer(base: s.baseAddress!)
            forEachRowBand(rows: lab.height, threads: threads) { rows in
                for i in (rows.lowerBound * w)..<(rows.upperBound * w) {
                    out.base[3 * i] = lightness(out.base[3 * i])
                    out.base[3 * i + 1] *= gain
                    out.base[3 * i + 2] *= gain
                }
            }
        }
    }

    /// Applies the stretch to a plane of L* alone.
    public func apply(toLightness plane: inout FloatImage) {
        guard !isIdentity else { return }
        precondition(plane.channels == 1, "one plane of L*")
        for i in plane.samples.indices { plane.samples[i] = lightness(plane.samples[i]) }
    }

    /// The photo's colour before the stretch, for a colour measured after it (a region's mean).
    public func undone(l: Double, a: Double, b: Double) -> (l: Double, a: Double, b: Double) {
        let g = Double(gain)
        return (Double(centre) + (l - Double(newCentre)) / g, a / g, b / g)
    }
}
