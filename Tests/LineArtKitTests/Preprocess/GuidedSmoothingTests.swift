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
}
