import Testing
import LineArtKit

@Suite struct TextureSuppressionTests {
    /// Left half: a fine random texture (like grass); right half: one large flat disc.
    static func textureAndDisc(seed: UInt64) -> ByteImage {
        var rng = SplitMix64(seed: seed)
        let w = 200, h = 100
        var img = ByteImage(width: w, height: h, channels: 3, repeating: 200)
        for y in 0..<h {
            for x in 0..<w {
                if x < 90 {
                    // 2x2 blocks of random light/dark green.
                    var blockRng = SplitMix64(seed: seed &+ UInt64((y / 2) * 1000 + x / 2))
                    let dark = Bool.random(using: &blockRng)
                    img[x, y, 0] = dark ? 40 : 110; img[x, y, 1] = dark ? 90 : 190; img[x, y, 2] = dark ? 30 : 80
                } else {
                    let dx = x - 150, dy = y - 50
                    if dx * dx + dy * dy <= 30 * 30 { img[x, y, 0] = 180; img[x, y, 1] = 40; img[x, y, 2] = 40 }
                }
            }
        }
        _ = rng.next()
        return img
    }

    func inkCounts(_ ink: ByteImage) -> (texture: Int, disc: Int) {
        var t = 0, d = 0
        for y in 0..<ink.height { for x in 0..<ink.width where ink[x, y] == 0 { if x < 95 { t += 1 } else { d += 1 } } }
        return (t, d)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func surroundInhibitionRemovesTextureButKeepsTheDisc(seed: UInt64) {
        let p = preprocess(Self.textureAndDisc(seed: seed), options: PreprocessOptions(denoiseRadius: 0))
        let plain = inkCounts(EdgeEngine().extract(p, parameters: ExtractionParameters(surroundStrength: 0)))
        let inhibited = inkCounts(EdgeEngine().extract(p, parameters: ExtractionParameters(surroundStrength: 1)))
        #expect(inhibited.texture < plain.texture / 2, "texture ink \(plain.texture) → \(inhibited.texture)")
        // The disc outline (circumference ≈ 188 px) survives.
        #expect(inhibited.disc >= 160, "disc ink \(inhibited.disc)")
    }

    @Test func kuwaharaDenoisingReducesTextureEdges() {
        let img = Self.textureAndDisc(seed: 4)
        let parameters = ExtractionParameters(surroundStrength: 0)
        let raw = inkCounts(EdgeEngine().extract(preprocess(img, options: PreprocessOptions(denoiseRadius: 0)), parameters: parameters))
        let denoised = inkCounts(EdgeEngine().extract(preprocess(img, options: PreprocessOptions(denoiseRadius: 3)), parameters: parameters))
        #expect(denoised.texture < raw.texture, "\(raw.texture) → \(denoised.texture)")
        #expect(denoised.disc >= 160)
    }

    @Test func surroundInhibitedKeepsIsolatedLinesAndZeros() {
        var values = FloatImage(width: 40, height: 40, repeating: 0)
        for x in 5..<35 { values[x, 20] = 10 }
        let out = surroundInhibited(values, surroundOf: values, sigma: 4, strength: 1)
        #expect(out[20, 20] > 8 && out[20, 20] <= 10)
        #expect(out.samples.enumerated().allSatisfy { values.samples[$0.offset] != 0 || $0.element == 0 })
        #expect(surroundInhibited(values, surroundOf: values, sigma: 4, strength: 0) == values)
    }
}

@Suite struct BoxBlurTests {
    @Test(arguments: [1, 2, 5])
    func boxBlurKeepsConstantsAndAveragesExactly(radius: Int) {
        let flat = FloatImage(width: 17, height: 9, channels: 2, repeating: 3.25)
        #expect(boxBlur(flat, radius: radius).samples.allSatisfy { abs($0 - 3.25) < 1e-5 })
        var impulse = FloatImage(width: 21, height: 21, repeating: 0)
        impulse[10, 10] = 1
        let out = boxBlur(impulse, radius: radius)
        let side = 2 * radius + 1
        #expect(abs(out[10, 10] - 1 / Float(side * side)) < 1e-6)
        #expect(abs(out.samples.reduce(0, +) - 1) < 1e-5)
    }

    @Test func approximateGaussianHasAboutTheRightSpread() {
        var impulse = FloatImage(width: 61, height: 1, repeating: 0)
        impulse[30, 0] = 1
        let out = approximateGaussianBlur(impulse, sigma: 4)
        var variance: Float = 0
        for x in 0..<61 { variance += out[x, 0] * Float((x - 30) * (x - 30)) }
        #expect(abs(variance.squareRoot() - 4) < 0.6)
    }
}

@Suite struct LabColorTests {
    @Test func knownColours() {
        // Reference values (D65): white L=100; sRGB red (255,0,0) → (53.24, 80.09, 67.20);
        // sRGB green (0,255,0) → (87.73, −86.18, 83.18); black → 0.
        let img = ByteImage(width: 4, height: 1, channels: 3, samples: [255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 0])
        let lab = LabColor.labFromSRGB(img)
        let expected: [Float] = [100, 0, 0, 53.24, 80.09, 67.20, 87.73, -86.18, 83.18, 0, 0, 0]
        for (a, b) in zip(lab.samples, expected) { #expect(abs(a - b) < 0.1, "\(lab.samples)") }
    }

    /// Stripes of texture (every other column of x < 30) ending at an outline (x = 30) with
    /// nothing right of it, every edge running along y: the outline's surround is busy on one
    /// side only. The isotropic surround inhibits it by the texture's half; the one-sided
    /// keeps it, and still clears the stripes inside the texture.
    @Test func theOneSidedSurroundKeepsTheOutlineOfATexture() {
        var values = FloatImage(width: 60, height: 40, repeating: 0)
        for y in 0..<40 { for x in stride(from: 0, through: 30, by: 2) { values[x, y] = 10 } }
        let acrossX = [Float](repeating: 0, count: 3 * 60 * 40).enumerated().map { $0.offset % 3 == 0 ? 1 : $0.element }
        let oneSided = oneSidedSurroundInhibited(values, structure: acrossX, sigma: 4, offset: 6, strength: 2, threads: 2)
        let isotropic = surroundInhibited(values, surroundOf: values, sigma: 4, strength: 2)
        #expect(oneSided[30, 20] > 7, "outline kept: \(oneSided[30, 20])")
        #expect(isotropic[30, 20] < 5, "isotropic: \(isotropic[30, 20])")
        #expect(oneSided[10, 20] < 1 && isotropic[10, 20] < 1, "texture: \(oneSided[10, 20]), \(isotropic[10, 20])")
        #expect(oneSided.samples.enumerated().allSatisfy { values.samples[$0.offset] != 0 || $0.element == 0 })
    }
}
