import Testing
import LineArtKit

@Suite struct GuidedSmoothingTests {
    func noise(width: Int, height: Int, mean: Float, spread: Float, seed: UInt64) -> FloatImage {
        var rng = SplitMix64(seed: seed)
        return FloatImage(width: width, height: height,
                          samples: (0..<(width * height)).map { _ in mean + Float.random(in: -spread...spread, using: &rng) })
    }

    func variance(_ s: [Float]) -> Float {
        let m = s.reduce(0, +) / Float(s.count)
        return s.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Float(s.count)
    }

    @Test func aStepFarAboveEpsilonStaysSharp() {
        var step = FloatImage(width: 20, height: 10, channels: 3, repeating: 10)
        for y in 0..<10 { for x in 10..<20 { for c in 0..<3 { step.samples[(y * 20 + x) * 3 + c] = 90 } } }
        let out = guidedSmoothing(step, radius: 1, epsilon: 5)
        for y in 0..<10 {
            #expect(abs(out.samples[(y * 20 + 9) * 3] - 10) < 1)
            #expect(abs(out.samples[(y * 20 + 10) * 3] - 90) < 1)
        }
    }

    @Test func variationBelowEpsilonIsSmoothedAway() {
        let grain = noise(width: 64, height: 64, mean: 50, spread: 3, seed: 5)
        let out = guidedSmoothing(grain, radius: 1, epsilon: 10)
        #expect(variance(out.samples) < 0.3 * variance(grain.samples))
        #expect(guidedSmoothing(grain, radius: 0, epsilon: 10) == grain)
    }

    @Test func theResultDoesNotDependOnTheThreadCount() {
        let texture = noise(width: 61, height: 47, mean: 50, spread: 6, seed: 9)
        let one = guidedSmoothing(texture, radius: 1, epsilon: 4, threads: 1)
        #expect(guidedSmoothing(texture, radius: 1, epsilon: 4, threads: 3) == one)
        #expect(guidedSmoothing(texture, radius: 2, epsilon: 4, threads: 2)
                == guidedSmoothing(texture, radius: 2, epsilon: 4, threads: 1))
    }

    /// Why it replaced Kuwahara's filter before the boundary strength: a re-encoded photo
    /// differs from the original by a little everywhere, and the smoothed pictures should too.
    /// Kuwahara's filter picks the calmest of four quadrants, and a small change flips the pick.
    @Test func aSmallChangeInThePhotoMakesASmallChangeInTheResult() {
        let texture = noise(width: 64, height: 64, mean: 50, spread: 6, seed: 7)
        let jitter = noise(width: 64, height: 64, mean: 0, spread: 0.5, seed: 8)
        var nudged = texture
        for i in nudged.samples.indices { nudged.samples[i] += jitter.samples[i] }
        func largestChange(_ filter: (FloatImage) -> FloatImage) -> Float {
            zip(filter(texture).samples, filter(nudged).samples).map { abs($0 - $1) }.max()!
        }
        #expect(largestChange { guidedSmoothing($0, radius: 1, epsilon: 6) } < 1.5)
        #expect(largestChange { kuwaharaFilter($0, radius: 1) } > 3)
    }

    /// The filter written out: each window's mean and variance, then each pixel's mean fit,
    /// for every channel of an interleaved image, with edges clamped as the box blur does.
    func reference(_ image: FloatImage, radius r: Int, epsilon: Float) -> [Float] {
        let w = image.width, h = image.height, ch = image.channels
        func windowMean(_ value: (Int, Int) -> Double, _ x: Int, _ y: Int) -> Double {
            var sum = 0.0
            for dy in -r...r { for dx in -r...r { sum += value(min(w - 1, max(0, x + dx)), min(h - 1, max(0, y + dy))) } }
            return sum / Double((2 * r + 1) * (2 * r + 1))
        }
        var out = [Float](repeating: 0, count: image.samples.count)
        for c in 0..<ch {
            func v(_ x: Int, _ y: Int) -> Double { Double(image.samples[(y * w + x) * ch + c]) }
            var a = [Double](repeating: 0, count: w * h), b = a
            for y in 0..<h {
                for x in 0..<w {
                    let mean = windowMean(v, x, y), variance = max(0, windowMean({ v($0, $1) * v($0, $1) }, x, y) - mean * mean)
                    a[y * w + x] = variance / (variance + Double(epsilon * epsilon))
                    b[y * w + x] = (1 - a[y * w + x]) * mean
                }
            }
            for y in 0..<h {
                for x in 0..<w {
                    let meanA = windowMean({ a[$1 * w + $0] }, x, y), meanB = windowMean({ b[$1 * w + $0] }, x, y)
                    out[(y * w + x) * ch + c] = Float(meanA * v(x, y) + meanB)
                }
            }
        }
        return out
    }

    /// Each channel through reused buffers and in-place box blurs gives the written-out filter.
    @Test(arguments: [1, 2])
    func matchesTheFilterWrittenOut(radius: Int) {
        var rng = SplitMix64(seed: 21)
        let image = FloatImage(width: 23, height: 17, channels: 3,
                               samples: (0..<(23 * 17 * 3)).map { _ in Float.random(in: 0...100, using: &rng) })
        let fast = guidedSmoothing(image, radius: radius, epsilon: 8, threads: 2).samples
        let slow = reference(image, radius: radius, epsilon: 8)
        #expect(zip(fast, slow).allSatisfy { abs($0 - $1) < 1e-2 }, "largest difference \(zip(fast, slow).map { abs($0 - $1) }.max()!)")
    }
}

