import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// A deliberately simple reference: 2D arrays, breadth-first search with an explicit
/// queue, labels assigned in row-major order of each component's first pixel, and
/// a brute-force O(W·H) Chebyshev nearest search minimising (distance, y, x).
private struct Reference {
    var labels: [[Int]]
    var count: Int
    var areas: [Int]
    var touches: [Bool]
    var bounds: [LabelBounds]

    init(width: Int, height: Int, selected: [[Bool]], eight: Bool) {
        labels = Array(repeating: Array(repeating: 0, count: width), count: height)
        count = 0
        areas = [0]
        touches = [false]
        bounds = [.empty]
        var offsets = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if eight { offsets += [(1, 1), (1, -1), (-1, 1), (-1, -1)] }
        for sy in 0..<height {
            for sx in 0..<width where selected[sy][sx] && labels[sy][sx] == 0 {
                count += 1
                var queue = [(sx, sy)]
                var head = 0
                labels[sy][sx] = count
                var area = 0
                var touch = false
                var box = LabelBounds(minX: sx, minY: sy, maxX: sx, maxY: sy)
                while head < queue.count {
                    let (x, y) = queue[head]
                    head += 1
                    area += 1
                    if x == 0 || y == 0 || x == width - 1 || y == height - 1 { touch = true }
                    box.minX = min(box.minX, x); box.maxX = max(box.maxX, x)
                    box.minY = min(box.minY, y); box.maxY = max(box.maxY, y)
                    for (dx, dy) in offsets {
                        let nx = x + dx, ny = y + dy
                        if nx >= 0 && ny >= 0 && nx < width && ny < height && selected[ny][nx] && labels[ny][nx] == 0 {
                            labels[ny][nx] = count
                            queue.append((nx, ny))
                        }
                    }
                }
                areas.append(area)
                touches.append(touch)
                bounds.append(box)
            }
        }
        var background = 0
        var bgTouch = false
        var bgBox: LabelBounds? = nil
        for y in 0..<height {
            for x in 0..<width where !selected[y][x] {
                background += 1
                if x == 0 || y == 0 || x == width - 1 || y == height - 1 { bgTouch = true }
                if var b = bgBox {
                    b.minX = min(b.minX, x); b.maxX = max(b.maxX, x)
                    b.minY = min(b.minY, y); b.maxY = max(b.maxY, y)
                    bgBox = b
                } else {
                    bgBox = LabelBounds(minX: x, minY: y, maxX: x, maxY: y)
                }
            }
        }
        areas[0] = background
        touches[0] = bgTouch
        bounds[0] = bgBox ?? .empty
    }

    var flatLabels: [Int32] { labels.flatMap { $0.map(Int32.init) } }
}

private func grid(_ image: ByteImage, _ predicate: (UInt8) -> Bool) -> [[Bool]] {
    (0..<image.height).map { y in (0..<image.width).map { x in predicate(image[x, y]) } }
}

/// Seeded random pages: noise of random density, ink blobs on paper, paper blobs
/// on ink, thin random lines; samples spread over the whole byte range so the
/// 127/128 threshold is exercised.
private func randomPage(seed: UInt64) -> ByteImage {
    var rng = SplitMix64(seed: seed &* 0x2545F491 &+ 17)
    let fixedSizes = [(1, 1), (1, 37), (53, 1), (1, 200), (160, 1), (2, 2), (3, 7), (100, 100), (7, 3), (64, 48)]
    let (width, height) = seed < UInt64(fixedSizes.count)
        ? fixedSizes[Int(seed)]
        : (Int.random(in: 1...120, using: &rng), Int.random(in: 1...120, using: &rng))
    func inkValue() -> UInt8 { UInt8.random(in: 0...127, using: &rng) }
    func paperValue() -> UInt8 { UInt8.random(in: 128...255, using: &rng) }
    let kind = seed == 10 ? 5 : seed == 11 ? 6 : Int.random(in: 0...4, using: &rng)
    var samples = [UInt8](repeating: 0, count: width * height)
    switch kind {
    case 0, 1: // noise
        let density = Double.random(in: 0...1, using: &rng)
        for i in samples.indices { samples[i] = Double.random(in: 0..<1, using: &rng) < density ? inkValue() : paperValue() }
    case 2, 3: // blobs (rectangles and discs) of one tone on the other
        let inkOnPaper = kind == 2
        for i in samples.indices { samples[i] = inkOnPaper ? paperValue() : inkValue() }
        let blobs = Int.random(in: 0...30, using: &rng)
        for _ in 0..<blobs {
            let cx = Int.random(in: 0..<width, using: &rng), cy = Int.random(in: 0..<height, using: &rng)
            let r = Int.random(in: 0...max(1, min(width, height) / 4), using: &rng)
            let disc = Bool.random(using: &rng)
            for y in max(0, cy - r)...min(height - 1, cy + r) {
                for x in max(0, cx - r)...min(width - 1, cx + r) {
                    if disc && (x - cx) * (x - cx) + (y - cy) * (y - cy) > r * r { continue }
                    samples[y * width + x] = inkOnPaper ? inkValue() : paperValue()
                }
            }
        }
    case 4: // random 1-px line grid with gaps
        for i in samples.indices { samples[i] = paperValue() }
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let vertical = Bool.random(using: &rng)
            let at = Int.random(in: 0..<(vertical ? width : height), using: &rng)
            for t in 0..<(vertical ? height : width) where Double.random(in: 0..<1, using: &rng) < 0.95 {
                let (x, y) = vertical ? (at, t) : (t, at)
                samples[y * width + x] = inkValue()
            }
        }
    case 5: // all ink
        for i in samples.indices { samples[i] = inkValue() }
    default: // all paper
        for i in samples.indices { samples[i] = paperValue() }
    }
    return ByteImage(width: width, height: height, samples: samples)
}

struct FillabilityReferenceTests {
    @Test(arguments: 0..<50)
    func labellingMatchesBreadthFirstReference(seed: Int) {
        let page = randomPage(seed: UInt64(seed))
        for (connectivity, paper) in [(Connectivity.four, true), (.eight, false), (.eight, true), (.four, false)] {
            let map = label(page, connectivity: connectivity, where: { ($0 >= 128) == paper })
            let ref = Reference(width: page.width, height: page.height, selected: grid(page, { ($0 >= 128) == paper }),
                                eight: connectivity == .eight)
            #expect(map.count == ref.count, "seed \(seed) \(connectivity)")
            let expected = ref.flatLabels
            let mismatch = map.labels.indices.first { $0 >= expected.count || map.labels[$0] != expected[$0] }
            #expect(map.labels.count == expected.count && mismatch == nil,
                    "seed \(seed) \(connectivity): first label mismatch at pixel \(mismatch.map(String.init) ?? "-")")
            #expect(map.areas == ref.areas, "seed \(seed) \(connectivity)")
            #expect(map.touchesBorder == ref.touches, "seed \(seed) \(connectivity)")
            #expect(map.bounds == ref.bounds, "seed \(seed) \(connectivity)")
        }
    }

    @Test(arguments: 0..<50)
    func metricsMatchBruteForceReference(seed: Int) {
        let page = randomPage(seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
        let minRegionArea = Int.random(in: 0...40, using: &rng)
        let targets: FillabilityTargets = Bool.random(using: &rng) ? .standard : .toddler
        let result = FillabilityValidator(targets: targets, minRegionArea: minRegionArea).validate(page)

        let w = page.width, h = page.height
        let paper = grid(page, { $0 >= 128 })
        let ref = Reference(width: w, height: h, selected: paper, eight: false)
        let n = ref.count
        let closed = (0..<n).filter { !ref.touches[$0 + 1] }.count
        let usable = (0..<n).filter { ref.areas[$0 + 1] >= minRegionArea }.count
        var ink = 0
        for y in 0..<h { for x in 0..<w where !paper[y][x] { ink += 1 } }

        // Brute force nearest paper pixel per corner: minimise (Chebyshev distance, y, x).
        var hit = Set<Int>()
        for (cx, cy) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            var best: (d: Int, y: Int, x: Int)? = nil
            for y in 0..<h {
                for x in 0..<w where paper[y][x] {
                    let d = max(abs(x - cx), abs(y - cy))
                    if let b = best, (b.d, b.y, b.x) <= (d, y, x) { continue }
                    best = (d, y, x)
                }
            }
            if let b = best { hit.insert(ref.labels[b.y][b.x]) }
        }
        let leakArea = hit.reduce(0) { $0 + ref.areas[$1] }

        let closure = n == 0 ? 0 : Double(closed) / Double(n)
        let tap = n == 0 ? 0 : Double(usable) / Double(n)
        let leak = hit.isEmpty ? 0 : Double(leakArea) / Double(w * h)
        #expect(result.regionCount == n, "seed \(seed)")
        #expect(result.closedRegionCount == closed, "seed \(seed)")
        #expect(result.usableRegionCount == usable, "seed \(seed)")
        #expect(result.closureRate == closure, "seed \(seed)")
        #expect(result.tapUsability == tap, "seed \(seed)")
        #expect(result.leakPotential == leak, "seed \(seed)")
        #expect(result.inkFraction == Double(ink) / Double(w * h), "seed \(seed)")

        // Checks and score straight from the spec's wording.
        let countOK = n >= targets.minRegions && n <= targets.maxRegions
        let closureOK = closure >= targets.minClosure
        let leakOK = leak < targets.maxLeak
        let tapOK = tap >= targets.minTap
        #expect(result.checks == FillabilityChecks(regionCount: countOK, closure: closureOK, leak: leakOK, tap: tapOK))
        #expect(result.passes == (countOK && closureOK && leakOK && tapOK))
        let countScore: Double = n == 0 ? 0
            : n < targets.minRegions ? Double(n) / Double(targets.minRegions)
            : n > targets.maxRegions ? Double(targets.maxRegions) / Double(n) : 1
        let closureScore = min(1, closure / targets.minClosure)
        let leakScore = leak <= targets.maxLeak ? 1 : max(0, (1 - leak) / (1 - targets.maxLeak))
        let tapScore = min(1, tap / targets.minTap)
        #expect(result.score == (countScore + closureScore + leakScore + tapScore) / 4, "seed \(seed)")
    }
}
