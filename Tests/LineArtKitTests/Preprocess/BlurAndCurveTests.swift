import Testing
import LineArtKit

@Suite struct GaussianBlurTests {
    @Test(arguments: [Float(0.5), 1, 2.3, 3])
    func constantImageStaysConstant(sigma: Float) {
        let img = FloatImage(width: 23, height: 17, channels: 3, repeating: 0.625)
        let out = gaussianBlur(img, sigma: sigma)
        #expect(out.size == img.size && out.channels == 3)
        #expect(out.samples.allSatisfy { abs($0 - 0.625) < 1e-5 })
    }

    @Test(arguments: [Float(0.8), 1.5, 2.5])
    func meanIsPreservedAwayFromBorders(sigma: Float) {
        // Content stays ceil(3σ) away from the border, so edge clamping does not bias the mean.
        var rng = SplitMix64(seed: 7)
        var img = FloatImage(width: 40, height: 30, channels: 2, repeating: 0.2)
        for y in 10..<20 { for x in 10..<30 { for c in 0..<2 { img[x, y, c] = Float.random(in: 0...1, using: &rng) } } }
        let out = gaussianBlur(img, sigma: sigma)
        for c in 0..<2 {
            var a = 0.0, b = 0.0
            for i in 0..<img.pixelCount { a += Double(img.samples[i * 2 + c]); b += Double(out.samples[i * 2 + c]) }
            #expect(abs(a - b) / Double(img.pixelCount) < 1e-5)
        }
        // And it actually smooths.
        #expect(out.samples != img.samples)
    }

    /// The blur is the plain clamped separable convolution, to the last bit: taps summed in
    /// order, rows then columns, on any width (not only multiples of the eight-lane steps).
    @Test(arguments: [(Float(1), 1), (2.3, 3), (0.7, 2)])
    func equalsThePlainConvolution(sigma: Float, threads: Int) {
        var rng = SplitMix64(seed: 11)
        let w = 29, h = 13, ch = 3
        let img = FloatImage(width: w, height: h, channels: ch,
                             samples: (0..<(w * h * ch)).map { _ in Float.random(in: 0...100, using: &rng) })
        let k = gaussianKernel(sigma: sigma), r = k.count / 2
        func convolve(_ s: [Float], along dx: Int, _ dy: Int) -> [Float] {
            var out = [Float](repeating: 0, count: s.count)
            for y in 0..<h { for x in 0..<w { for c in 0..<ch {
                var acc: Float = 0
                for i in 0..<k.count {
                    let xx = min(w - 1, max(0, x + (i - r) * dx)), yy = min(h - 1, max(0, y + (i - r) * dy))
                    acc += k[i] * s[(yy * w + xx) * ch + c]
                }
                out[(y * w + x) * ch + c] = acc
            } } }
            return out
        }
        let reference = convolve(convolve(img.samples, along: 1, 0), along: 0, 1)
        #expect(gaussianBlur(img, sigma: sigma, threads: threads).samples == reference)
    }

    @Test func sigmaZeroIsIdentity() {
        var rng = SplitMix64(seed: 3)
        let img = FloatImage(width: 9, height: 5, channels: 3,
                             samples: (0..<135).map { _ in Float.random(in: 0...100, using: &rng) })
        #expect(gaussianBlur(img, sigma: 0) == img)
    }

    @Test func kernelRadiusIsCeilThreeSigma() {
        #expect(gaussianKernel(sigma: 1).count == 7)
        #expect(gaussianKernel(sigma: 1.1).count == 9)
        #expect(abs(gaussianKernel(sigma: 2).reduce(0, +) - 1) < 1e-6)
    }
}

@Suite struct ContrastCurveTests {
    @Test func boostOneIsIdentity() {
        let curve = ContrastCurve(boost: 1)
        for i in 0...100 { let x = Float(i) / 100; #expect(curve(x) == x) }
    }

    @Test(arguments: [Float(1.5), 2, 3])
    func sCurveFixesEndsAndMidAndStretchesMidtones(k: Float) {
        let curve = ContrastCurve(boost: k)
        #expect(abs(curve(0)) < 1e-6 && abs(curve(1) - 1) < 1e-6 && abs(curve(0.5) - 0.5) < 1e-6)
        var previous: Float = -1
        for i in 0...1000 {
            let x = Float(i) / 1000, y = curve(x)
            #expect(y >= previous)
            #expect(abs(y - ContrastCurve.exact(x, boost: k)) < 1e-4)
            previous = y
        }
        // Slope at the mid-tone is k; shadows get darker, highlights lighter.
        let slope = (curve(0.51) - curve(0.49)) / 0.02
        #expect(abs(slope - k) < 0.05)
        #expect(curve(0.3) < 0.3 && curve(0.7) > 0.7)
    }

    @Test func appliesToLabLightness() {
        var lab = FloatImage(width: 2, height: 1, channels: 3, samples: [25, 10, -10, 75, 5, 5])
        ContrastCurve(boost: 2).apply(to: &lab, channel: 0, scale: 100)
        #expect(abs(lab.samples[0] - 10) < 0.01)   // 0.25² / (0.25² + 0.75²) = 0.1
        #expect(abs(lab.samples[3] - 90) < 0.01)
        #expect(lab.samples[1] == 10 && lab.samples[5] == 5)
    }

    @Test func rowBandsGiveTheOneThreadCurve() {
        let samples = (0..<(64 * 48 * 3)).map { Float(($0 * 37) % 101) }
        var one = FloatImage(width: 64, height: 48, channels: 3, samples: samples)
        var three = one
        ContrastCurve(boost: 2.5).apply(to: &one, channel: 0, scale: 100)
        ContrastCurve(boost: 2.5).apply(to: &three, channel: 0, scale: 100, threads: 3)
        #expect(three.samples == one.samples)
        #expect(one.samples != samples, "the curve changed L*")
    }
}
