import Benchmark
import LineArtKit

// Morphology on a 1024x1024 page of 400 random lines: closing and thickening should cost
// about the same whatever the kernel (van Herk/Gil-Werman, distance-transform discs).
func morphologyBenchmarks() {
    let lines = randomLines(width: 1024, height: 1024, count: 400)
    for kernel in [1, 3, 7, 15] {
        Benchmark("morphology: closeInkGaps kernel \(kernel)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(closeInkGaps(lines, kernel: kernel)) }
        }
    }
    for radius in [1, 3, 7] {
        Benchmark("morphology: closeInk disk r=\(radius)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(closeInk(lines, by: .disk(radius: radius))) }
        }
    }
    for thickness in [2, 3, 8] {
        Benchmark("morphology: thickenInk \(thickness)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(thickenInk(lines, to: thickness)) }
        }
    }
    Benchmark("morphology: squared Euclidean distance transform") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(DistanceTransform.squaredEuclidean(lines)) }
    }
}

/// `count` straight 1-px ink lines between pseudo-random points (a fixed linear congruential
/// sequence, so every run times the same page).
private func randomLines(width: Int, height: Int, count: Int) -> ByteImage {
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    var image = ByteImage(width: width, height: height, repeating: 255)
    for _ in 0..<count {
        let x0 = next(width), y0 = next(height), x1 = next(width), y1 = next(height)
        let steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for t in 0...steps {
            image[x0 + (x1 - x0) * t / steps, y0 + (y1 - y0) * t / steps] = 0
        }
    }
    return image
}
