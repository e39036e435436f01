import Testing
import LineArtKit

@Suite struct EdgeEngineTests {
    @Test func registryFindsEnginesByName() {
        #expect(ExtractionEngines.named("edges")?.name == "edges")
        #expect(ExtractionEngines.named("EDGES") != nil)
        #expect(ExtractionEngines.named("nope") == nil)
        #expect(ExtractionEngines.names.contains("edges"))
        #expect(ExtractionEngines.defaultEngine.name == "edges")
    }

    /// Distance from (x, y) to the boundary of the rectangle [x0, x1) × [y0, y1) measured between
    /// pixel centres of the inside and outside rows/columns (boundary at x0 - 0.5 etc.).
    func boundaryDistance(_ x: Int, _ y: Int, _ r: (Int, Int, Int, Int)) -> Float {
        let fx = Float(x), fy = Float(y)
        let left = Float(r.0) - 0.5, top = Float(r.1) - 0.5, right = Float(r.2) - 0.5, bottom = Float(r.3) - 0.5
        let inside = fx > left && fx < right && fy > top && fy < bottom
        if inside { return min(fx - left, right - fx, fy - top, bottom - fy) }
        let dx = max(left - fx, 0, fx - right), dy = max(top - fy, 0, fy - bottom)
        return (dx * dx + dy * dy).squareRoot()
    }

    @Test(arguments: [
        ((20, 15, 70, 60), (30 as UInt8, 60 as UInt8, 160 as UInt8), (245 as UInt8, 240 as UInt8, 230 as UInt8)),
        ((10, 30, 90, 50), (200, 200, 200), (40, 40, 40)),
    ])
    func filledRectangleGetsItsOutlineAndNothingElse(_ rect: (Int, Int, Int, Int),
                                                       _ fill: (UInt8, UInt8, UInt8), _ bg: (UInt8, UInt8, UInt8)) {
        let w = 100, h = 80
        let img = TestImages.rectangle(width: w, height: h, x0: rect.0, y0: rect.1, x1: rect.2, y1: rect.3,
                                       fill: fill, background: bg)
        let ink = EdgeEngine().extract(preprocess(img), parameters: ExtractionParameters())
        #expect(ink.size == img.size && ink.channels == 1)
        #expect(ink.samples.allSatisfy { $0 == 0 || $0 == 255 })
        var inkCount = 0
        for y in 0..<h {
            for x in 0..<w where ink[x, y] == 0 {
                inkCount += 1
                #expect(boundaryDistance(x, y, rect) <= 1.5, "ink at (\(x), \(y)) is off the boundary")
            }
        }
        // The outline is (nearly) complete: every boundary pixel has ink within 1.5 px,
        // except possibly right at the corners.
        var covered = 0, total = 0
        for y in 0..<h {
            for x in 0..<w where abs(boundaryDistance(x, y, rect) - 0.5) < 0.01 && x > 0 && y > 0 && x < w - 1 && y < h - 1 {
                total += 1
                var hit = false
                for dy in -1...1 { for dx in -1...1 where ink[min(w - 1, max(0, x + dx)), min(h - 1, max(0, y + dy))] == 0 { hit = true } }
                if hit { covered += 1 }
            }
        }
        #expect(total > 0 && Double(covered) >= 0.97 * Double(total), "covered \(covered) of \(total)")
        // Lines are thin: about one pixel per boundary position.
        let perimeter = 2 * ((rect.2 - rect.0) + (rect.3 - rect.1))
        #expect(inkCount <= perimeter + 8)
    }

    @Test func flatAndNoisyFlatImagesStayBlank() {
        let flat = ByteImage(width: 60, height: 40, channels: 3, repeating: 128)
        #expect(EdgeEngine().extract(preprocess(flat), parameters: ExtractionParameters()).samples.allSatisfy { $0 == 255 })
        // Mild sensor noise on a flat image must not turn into stipple.
        var rng = SplitMix64(seed: 99)
        let noisy = ByteImage(width: 120, height: 90, channels: 3,
                              samples: (0..<(120 * 90 * 3)).map { _ in UInt8(128 + Int.random(in: -3...3, using: &rng)) })
        let ink = EdgeEngine().extract(preprocess(noisy), parameters: ExtractionParameters())
        #expect(ink.samples.filter { $0 == 0 }.count == 0)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func higherContrastAdjustmentNeverKeepsMoreEdges(seed: UInt64) {
        let img = TestImages.randomScene(width: 160, height: 120, seed: seed, shapes: 14, noise: 25)
        let p = preprocess(img, options: PreprocessOptions(denoiseRadius: 1))
        var previous: ByteImage? = nil
        var counts: [Int] = []
        for c: Float in [1, 1.25, 1.5, 2, 2.5, 3] {
            let ink = EdgeEngine().extract(p, parameters: ExtractionParameters(contrastAdjustment: c))
            counts.append(ink.samples.filter { $0 == 0 }.count)
            if let prev = previous {
                // Stronger: the kept edges are a subset of those kept at a lower setting.
                #expect(zip(ink.samples, prev.samples).allSatisfy { $0.0 == 255 || $0.1 == 0 })
            }
            previous = ink
        }
        #expect(counts.first! > 0)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0.0 >= $0.1 }, "\(counts)")
    }

    @Test func shortChainsAreRemoved() {
        var edges = ByteImage(width: 20, height: 10, repeating: 0)
        for x in 2..<17 { edges[x, 2] = 255 }          // 15-pixel chain
        for x in 2..<5 { edges[x, 6] = 255 }           // 3-pixel chain
        edges[10, 7] = 255; edges[11, 8] = 255         // 2-pixel diagonal chain (8-connected)
        let out = removeShortChains(edges, minimumLength: 4)
        #expect((2..<17).allSatisfy { out[$0, 2] == 255 })
        #expect(out.samples.filter { $0 != 0 }.count == 15)
        #expect(removeShortChains(edges, minimumLength: 3).samples.filter { $0 != 0 }.count == 18)
    }

    @Test func hysteresisGrowsFromStrongPixelsOnly() {
        // Row 1: weak-weak-strong-weak chain; row 4: weak-only chain.
        var m = FloatImage(width: 8, height: 6, repeating: 0)
        for x in 1..<7 { m[x, 1] = 3 }
        m[4, 1] = 10
        for x in 1..<7 { m[x, 4] = 3 }
        m[7, 2] = 3                                     // diagonal neighbour of (6, 1)
        let e = hysteresis(m, thresholds: HysteresisThresholds(low: 2, high: 8))
        #expect((1..<7).allSatisfy { e[$0, 1] == 255 } && e[7, 2] == 255)
        #expect((0..<8).allSatisfy { e[$0, 4] == 0 })
    }

    @Test func thresholdsRiseWithContrastAdjustment() {
        var rng = SplitMix64(seed: 8)
        let m = FloatImage(width: 50, height: 50,
                           samples: (0..<2500).map { _ in Bool.random(using: &rng) ? Float.random(in: 0...100, using: &rng) : 0 })
        var last = HysteresisThresholds(low: 0, high: 0)
        for c: Float in [1, 1.5, 2, 3] {
            let t = HysteresisThresholds.derived(from: m, contrastAdjustment: c, minimumMagnitude: 0)
            #expect(t.high >= last.high && t.low >= last.low)
            #expect(abs(t.low - 0.4 * t.high) < 1e-4)
            last = t
        }
        // c = 1 → the 75th percentile of the non-zero values (uniform on 0...100 → ≈ 75).
        let t1 = HysteresisThresholds.derived(from: m, contrastAdjustment: 1, minimumMagnitude: 0)
        #expect(abs(t1.high - 75) < 5)
    }
}
