import Testing
import LineArtKit

@Suite struct ColorGradientTests {
    /// A red disc on a green background with the same CIE Y (luminance).
    static func isoluminantDisc(size: Int = 64, radius: Float = 18) -> FloatImage {
        let redLinear = 0.5, greenLinear = 0.5 * 0.2126729 / 0.7151522   // equal Y
        let red = TestImages.srgbCode(linear: redLinear), green = TestImages.srgbCode(linear: greenLinear)
        var img = FloatImage(width: size, height: size, channels: 3, repeating: 0)
        let c = Float(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d = ((Float(x) + 0.5 - c) * (Float(x) + 0.5 - c) + (Float(y) + 0.5 - c) * (Float(y) + 0.5 - c)).squareRoot()
                if d <= radius { img[x, y, 0] = red } else { img[x, y, 1] = green }
            }
        }
        return img
    }

    @Test func isoluminantRedGreenDiscGivesAnEdgeRing() {
        let rgb = Self.isoluminantDisc()
        let lab = LabColor.labFromSRGB(rgb)
        // Same luminance inside and outside: L* differs by well under one unit.
        #expect(abs(lab[32, 32, 0] - lab[2, 2, 0]) < 0.5)

        let color = ColorGradient(lab)
        let lumaOnly = ColorGradient(lab, channelWeights: [1, 0, 0])
        let maxLuma = lumaOnly.magnitude.max()!
        #expect(maxLuma < 1)                 // a luminance gradient sees (almost) nothing

        var ringMin = Float.infinity, farMax: Float = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let d = ((Float(x) + 0.5 - 32) * (Float(x) + 0.5 - 32) + (Float(y) + 0.5 - 32) * (Float(y) + 0.5 - 32)).squareRoot()
                let m = color.magnitude[y * 64 + x]
                if abs(d - 18) < 0.5 { ringMin = min(ringMin, m) }
                if abs(d - 18) > 3 { farMax = max(farMax, m) }
            }
        }
        #expect(ringMin > 20)                // ΔE*ab per pixel on the boundary
        #expect(ringMin > 20 * maxLuma)
        #expect(farMax < 1e-3)               // flat inside and outside

        // Direction is radial on the ring (e.g. horizontal at the disc's left and right).
        let i = 32 * 64 + 14
        #expect(abs(color.directionX[i]) > 0.9)
        let j = 14 * 64 + 32
        #expect(abs(color.directionY[j]) > 0.9)
    }

    @Test func edgeEngineOutlinesTheIsoluminantDisc() {
        let rgb = Self.isoluminantDisc()
        let bytes = ByteImage(width: 64, height: 64, channels: 3, samples: rgb.samples.map { UInt8($0.rounded()) })
        let p = preprocess(bytes)
        let ink = EdgeEngine().extract(p, parameters: ExtractionParameters())
        var onRing = 0, offRing = 0
        for y in 0..<64 {
            for x in 0..<64 where ink[x, y] == 0 {
                let d = ((Float(x) + 0.5 - 32) * (Float(x) + 0.5 - 32) + (Float(y) + 0.5 - 32) * (Float(y) + 0.5 - 32)).squareRoot()
                if abs(d - 18) <= 2 { onRing += 1 } else { offRing += 1 }
            }
        }
        #expect(onRing > Int(0.8 * 2 * Float.pi * 18))
        #expect(offRing == 0)
        // The luminance-only variant of the engine finds nothing.
        let lumaInk = EdgeEngine().extract(p, parameters: ExtractionParameters(chromaWeight: 0))
        #expect(lumaInk.samples.allSatisfy { $0 == 255 })
    }

    @Test func sobelScaleIsOnePerPixelOnARamp() {
        var ramp = FloatImage(width: 10, height: 6, channels: 1, repeating: 0)
        for y in 0..<6 { for x in 0..<10 { ramp[x, y] = Float(3 * x) } }
        let g = ColorGradient(ramp)
        #expect(abs(g.magnitude[3 * 10 + 5] - 3) < 1e-4)
        #expect(abs(abs(g.directionX[3 * 10 + 5]) - 1) < 1e-5)
    }
}
