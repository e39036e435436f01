import Testing
@testable import LineArtKit

/// The packed, counting-sorted edge walk of `graphSegmentation` against a straightforward
/// implementation of the same algorithm (edges listed in row-major order, then sorted
/// stably by quantised weight; both passes over every edge).
@Suite struct GraphSegmentationReferenceTests {
    /// Felzenszwalb-Huttenlocher as written in the paper, with the same weights and tie order.
    static func reference(_ image: FloatImage, scale: Float, minSize: Int,
                          borderWeight: Float, borderBand: Float) -> (labels: [Int32], count: Int) {
        let width = image.width, height = image.height, channels = image.channels
        let buckets = 2048
        let quantum: Float = 16
        let band = max(1, borderBand * Float(min(width, height)))
        var edges: [(a: Int, b: Int, w: Int)] = []
        for y in 0..<height {
            let dy = min(y, height - 1 - y)
            for x in 0..<width {
                let p = y * width + x
                let d = Float(min(dy, min(x, width - 1 - x)))
                let factor = borderWeight < 1 ? min(1, borderWeight + (1 - borderWeight) * d / band) : 1
                func add(_ q: Int) {
                    var sum: Float = 0
                    for c in 0..<channels {
                        let diff = image.samples[p * channels + c] - image.samples[q * channels + c]
                        sum += diff * diff
                    }
                    edges.append((p, q, Int(min(Float(buckets - 1), sum.squareRoot() * (quantum * factor)))))
                }
                if x + 1 < width { add(p + 1) }
                if y + 1 < height {
                    add(p + width)
                    if x + 1 < width { add(p + width + 1) }
                    if x > 0 { add(p + width - 1) }
                }
            }
        }
        // Stable sort by weight: ties keep their listing order.
        let sorted = edges.enumerated().sorted { ($0.element.w, $0.offset) < ($1.element.w, $1.offset) }.map(\.element)
        var forest = DisjointSets(count: width * height)
        var threshold = [Float](repeating: scale, count: width * height)
        for e in sorted {
            let a = forest.find(e.a), b = forest.find(e.b)
            guard a != b else { continue }
            let w = Float(e.w) / quantum
            if w <= threshold[a] && w <= threshold[b] {
                let root = forest.union(a, b)
                threshold[root] = w + scale / Float(forest.size[root])
            }
        }
        if minSize > 1 {
            for e in sorted {
                let a = forest.find(e.a), b = forest.find(e.b)
                if a != b && (Int(forest.size[a]) < minSize || Int(forest.size[b]) < minSize) { _ = forest.union(a, b) }
            }
        }
        return forest.compactLabels()
    }

    /// A small deterministic pseudo-random generator (xorshift), so failures reproduce.
    struct XorShift {
        var state: UInt64
        mutating func next() -> Float {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Float(state % 10_000) / 10_000
        }
    }

    /// Blocky random colours with noise: many ties and many merges.
    static func randomImage(width: Int, height: Int, channels: Int, seed: UInt64) -> FloatImage {
        var rng = XorShift(state: seed)
        var image = FloatImage(width: width, height: height, channels: channels, repeating: 0)
        let blocks = (0..<(channels * 64)).map { _ in rng.next() * 60 }
        for y in 0..<height {
            for x in 0..<width {
                let block = ((y / 7) * 8 + x / 9) % 64
                for c in 0..<channels {
                    let noise = rng.next() < 0.7 ? 0 : rng.next() * 12
                    image.samples[(y * width + x) * channels + c] = blocks[block * channels + c] + noise
                }
            }
        }
        return image
    }

    @Test(arguments: [(37, 23, 3, UInt64(1)), (64, 48, 3, 2), (1, 9, 3, 3), (11, 1, 3, 4), (40, 30, 1, 5), (90, 70, 3, 6)])
    func matchesReference(width: Int, height: Int, channels: Int, seed: UInt64) {
        let image = Self.randomImage(width: width, height: height, channels: channels, seed: seed)
        for (scale, minSize, borderWeight) in [(Float(20), 1, Float(1)), (90, 12, 0.1), (300, 40, 0.5)] {
            let expected = Self.reference(image, scale: scale, minSize: minSize, borderWeight: borderWeight, borderBand: 0.15)
            for threads in [1, 2, 3] {
                let got = graphSegmentation(image, scale: scale, minSize: minSize,
                                            borderWeight: borderWeight, borderBand: 0.15, threads: threads)
                #expect(got.count == expected.count)
                #expect(got.labels == expected.labels)
            }
            // Every bucket merged on two threads (TwoThreadMerge), however few its edges.
            let two = graphSegmentation(image, scale: scale, minSize: minSize, borderWeight: borderWeight,
                                           borderBand: 0.15, threads: 2, parallelBucketKeys: 1)
            let sameLabels = two.labels == expected.labels  // (not expanded: arrays print long)
            #expect(two.count == expected.count)
            #expect(sameLabels, "scale \(scale), minSize \(minSize): the two threads' labels differ")
        }
    }

    /// On a larger picture (buckets merged on two threads from the first on, or from
    /// those of 1,024 edges as in the pipeline), two threads give the labels of one.
    @Test(arguments: [UInt64(7), 8])
    func twoThreadsMatchOneOnALargePicture(seed: UInt64) {
        let image = Self.randomImage(width: 420, height: 320, channels: 3, seed: seed)
        for (scale, minSize) in [(Float(20), 30), (90, 12), (300, 200)] {
            let one = graphSegmentation(image, scale: scale, minSize: minSize, borderWeight: 0.1, threads: 1)
            #expect(one.count > 1)
            for keys in [1, 1024] {
                let two = graphSegmentation(image, scale: scale, minSize: minSize, borderWeight: 0.1,
                                            threads: 2, parallelBucketKeys: keys)
                let sameLabels = two.labels == one.labels  // (not expanded: arrays print long)
                #expect(two.count == one.count)
                #expect(sameLabels, "scale \(scale), minSize \(minSize), split from \(keys) keys: labels differ")
            }
            // The calling thread stopping the second after the first bucket and taking the rest
            // alone (as on busy cores). Where the second thread is by then varies from run to
            // run (not started, or some buckets ahead), so a few runs.
            for run in 0..<4 {
                let stopped = graphSegmentation(image, scale: scale, minSize: minSize, borderWeight: 0.1, threads: 2,
                                                parallelBucketKeys: 1, twoThreadPatience: .milliseconds(-1))
                let sameLabels = stopped.labels == one.labels
                #expect(stopped.count == one.count)
                #expect(sameLabels, "scale \(scale), minSize \(minSize), stopped after one bucket (run \(run)): labels differ")
            }
        }
    }
}

extension DisjointSets {
    /// Labels `0..<count` in row-major order of each set's first element (the reference's
    /// numbering; the segmentation labels its forest with ``SegmentationForest/labelComponents(into:pixels:)``).
    mutating func compactLabels() -> (labels: [Int32], count: Int) {
        var map = [Int32](repeating: -1, count: parent.count)
        var labels = [Int32](repeating: 0, count: parent.count)
        var next: Int32 = 0
        for i in 0..<parent.count {
            let r = find(i)
            if map[r] < 0 { map[r] = next; next += 1 }
            labels[i] = map[r]
        }
        return (labels, Int(next))
    }
}
