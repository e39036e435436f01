import LineArtKit

enum MorphFixtures {
    static let ink: UInt8 = 0
    static let paper: UInt8 = 255

    /// Random 0/255 mask with the given ink probability.
    static func randomMask(width: Int, height: Int, inkProbability: Double, seed: UInt64) -> ByteImage {
        var rng = SplitMix64(seed: seed)
        var samples = [UInt8](repeating: paper, count: width * height)
        for i in samples.indices where Double.random(in: 0..<1, using: &rng) < inkProbability {
            samples[i] = ink
        }
        return ByteImage(width: width, height: height, samples: samples)
    }

    /// Mask with `count` random 1-px straight lines (DDA), 8-connected.
    static func randomLines(width: Int, height: Int, count: Int, seed: UInt64) -> ByteImage {
        var rng = SplitMix64(seed: seed)
        var image = ByteImage(width: width, height: height, repeating: paper)
        for _ in 0..<count {
            let x0 = Int.random(in: 0..<width, using: &rng), y0 = Int.random(in: 0..<height, using: &rng)
            let x1 = Int.random(in: 0..<width, using: &rng), y1 = Int.random(in: 0..<height, using: &rng)
            let steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for t in 0...steps {
                let x = x0 + (x1 - x0) * t / steps, y = y0 + (y1 - y0) * t / steps
                image[x, y] = ink
            }
        }
        return image
    }

    /// First octant of a midpoint circle, in drawing order, as offsets from the centre
    /// (starts at (0, -r), the top, and walks right/down to about 45°).
    static func circleOctant(radius r: Int) -> [(x: Int, y: Int)] {
        var points: [(x: Int, y: Int)] = []
        var x = 0, y = r, d = 1 - r
        while x <= y {
            points.append((x, -y))
            x += 1
            if d < 0 { d += 2 * x + 1 } else { y -= 1; d += 2 * (x - y) + 1 }
        }
        return points
    }

    /// 8-connected 1-px circle outline.
    static func circle(radius r: Int, size: Int) -> ByteImage {
        var image = ByteImage(width: size, height: size, repeating: paper)
        let c = size / 2
        for p in circleOctant(radius: r) {
            for (a, b) in [(p.x, p.y), (p.y, p.x)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    image[c + sx * a, c + sy * b] = ink
                }
            }
        }
        return image
    }

    /// True if the paper pixel `from` cannot reach `to` through 4-connected paper.
    static func separated(_ image: ByteImage, from: (Int, Int), to: (Int, Int)) -> Bool {
        let w = image.width, h = image.height
        guard image[from.0, from.1] == paper, image[to.0, to.1] == paper else { return true }
        var seen = [Bool](repeating: false, count: w * h)
        var stack = [from.1 * w + from.0]
        seen[stack[0]] = true
        let target = to.1 * w + to.0
        while let i = stack.popLast() {
            if i == target { return false }
            let x = i % w, y = i / w
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            where nx >= 0 && ny >= 0 && nx < w && ny < h {
                let j = ny * w + nx
                if !seen[j] && image.samples[j] == paper { seen[j] = true; stack.append(j) }
            }
        }
        return true
    }

    static func inkCount(_ image: ByteImage) -> Int { image.samples.lazy.filter { $0 == ink }.count }

    /// Every ink pixel of `a` is ink in `b`.
    static func inkIsSubset(_ a: ByteImage, of b: ByteImage) -> Bool {
        zip(a.samples, b.samples).allSatisfy { $0 != ink || $1 == ink }
    }
}

/// Brute-force references straight from the definitions (window clipped to the image).
enum MorphBrute {
    static func dilateInk(_ m: ByteImage, _ e: StructuringElement) -> ByteImage {
        let offsets = e.offsets
        var out = ByteImage(width: m.width, height: m.height, repeating: MorphFixtures.paper)
        for y in 0..<m.height {
            for x in 0..<m.width {
                for o in offsets {
                    let sx = x - o.dx, sy = y - o.dy
                    if sx >= 0, sy >= 0, sx < m.width, sy < m.height, m[sx, sy] == MorphFixtures.ink {
                        out[x, y] = MorphFixtures.ink
                        break
                    }
                }
            }
        }
        return out
    }

    static func erodeInk(_ m: ByteImage, _ e: StructuringElement) -> ByteImage {
        let offsets = e.offsets
        var out = ByteImage(width: m.width, height: m.height, repeating: MorphFixtures.ink)
        for y in 0..<m.height {
            for x in 0..<m.width {
                for o in offsets {
                    let sx = x + o.dx, sy = y + o.dy
                    if sx >= 0, sy >= 0, sx < m.width, sy < m.height, m[sx, sy] != MorphFixtures.ink {
                        out[x, y] = MorphFixtures.paper
                        break
                    }
                }
            }
        }
        return out
    }

    static func squaredDistances(_ m: ByteImage, to target: UInt8) -> [Int32] {
        var targets: [(Int, Int)] = []
        for y in 0..<m.height { for x in 0..<m.width where m[x, y] == target { targets.append((x, y)) } }
        var out = [Int32](repeating: DistanceTransform.unreachable, count: m.width * m.height)
        for y in 0..<m.height {
            for x in 0..<m.width {
                for t in targets {
                    let d = Int32((t.0 - x) * (t.0 - x) + (t.1 - y) * (t.1 - y))
                    if d < out[y * m.width + x] { out[y * m.width + x] = d }
                }
            }
        }
        return out
    }
}
