import Testing
import LineArtKit

@Suite struct PolarityTests {
    func plane(width: Int, height: Int, background: Float, subject: Float, coverage: Float) -> FloatImage {
        var img = FloatImage(width: width, height: height, repeating: background)
        let mx = Int(Float(width) * (1 - coverage) / 2), my = Int(Float(height) * (1 - coverage) / 2)
        for y in my..<(height - my) { for x in mx..<(width - mx) { img[x, y] = subject } }
        return img
    }

    @Test(arguments: [Float(0.3), 0.6, 0.85])
    func darkSubjectOnLightBackground(coverage: Float) {
        #expect(detectPolarity(luminance: plane(width: 80, height: 60, background: 0.95, subject: 0.1, coverage: coverage)) == .darkOnLight)
    }

    @Test(arguments: [Float(0.3), 0.6, 0.85])
    func lightSubjectOnDarkBackground(coverage: Float) {
        #expect(detectPolarity(luminance: plane(width: 80, height: 60, background: 0.05, subject: 0.9, coverage: coverage)) == .lightOnDark)
    }

    @Test func uniformImagesFallBackToGlobalMean() {
        #expect(detectPolarity(luminance: FloatImage(width: 10, height: 10, repeating: 0.8)) == .darkOnLight)
        #expect(detectPolarity(luminance: FloatImage(width: 10, height: 10, repeating: 0.2)) == .lightOnDark)
    }

    @Test func preprocessReportsPolarity() {
        let ink = TestImages.rectangle(width: 64, height: 48, x0: 16, y0: 12, x1: 48, y1: 36,
                                       fill: (20, 20, 20), background: (240, 240, 240))
        #expect(preprocess(ink).polarity == .darkOnLight)
        let chalk = TestImages.rectangle(width: 64, height: 48, x0: 16, y0: 12, x1: 48, y1: 36,
                                         fill: (230, 230, 230), background: (10, 10, 10))
        #expect(preprocess(chalk).polarity == .lightOnDark)
    }
}

@Suite struct DenoiseTests {
    @Test func constantStaysConstantAndStepStaysSharp() {
        let flat = FloatImage(width: 20, height: 15, channels: 3, repeating: 42)
        #expect(kuwaharaFilter(flat, radius: 3).samples.allSatisfy { abs($0 - 42) < 1e-4 })
        var step = FloatImage(width: 20, height: 10, repeating: 10)
        for y in 0..<10 { for x in 10..<20 { step[x, y] = 90 } }
        let out = kuwaharaFilter(step, radius: 3)
        for y in 0..<10 { #expect(out[9, y] == 10 && out[10, y] == 90) }
    }

    @Test func noiseIsReduced() {
        var rng = SplitMix64(seed: 11)
        let img = FloatImage(width: 64, height: 64,
                             samples: (0..<4096).map { _ in 50 + Float.random(in: -20...20, using: &rng) })
        func variance(_ s: [Float]) -> Float {
            let m = s.reduce(0, +) / Float(s.count)
            return s.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Float(s.count)
        }
        let out = kuwaharaFilter(img, radius: 2)
        #expect(variance(out.samples) < 0.3 * variance(img.samples))
        #expect(kuwaharaFilter(img, radius: 0) == img)
    }

    @Test func preprocessOutputsWorkingPlanes() {
        let img = TestImages.randomScene(width: 1200, height: 900, seed: 5)
        let p = preprocess(img, options: PreprocessOptions(maxDimension: 512))
        #expect(p.size == ImageSize(width: 512, height: 384))
        #expect(p.lab.channels == 3 && p.luminance.channels == 1 && p.luminance.size == p.size)
        #expect(p.originalSize == img.size)
        #expect(p.luminance.samples.allSatisfy { $0 >= 0 && $0 <= 1 })
        // Gray input works and has no chroma.
        let gray = ByteImage(width: 50, height: 40, channels: 1, repeating: 128)
        let g = preprocess(gray)
        #expect(g.lab.samples.enumerated().allSatisfy { $0.offset % 3 == 0 || abs($0.element) < 1e-3 })
        #expect(abs(g.lab.samples[0] - 53.59) < 0.1)   // L* of sRGB 128
    }
}
