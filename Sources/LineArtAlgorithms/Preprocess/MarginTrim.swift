import LineArtImage

/// Uniform margins along the edges of a photo: a scan's black or white border, a mount, a
/// letterbox bar. Drawn as they are, they become a frame around the page.
package struct Margins: Sendable, Equatable {
    package var top = 0, bottom = 0, left = 0, right = 0

    package init(top: Int = 0, bottom: Int = 0, left: Int = 0, right: Int = 0) {
        self.top = top; self.bottom = bottom; self.left = left; self.right = right
    }

    package var isEmpty: Bool { top == 0 && bottom == 0 && left == 0 && right == 0 }
}

/// Finds the uniform margins of `image`.
///
/// A line (row or column) is uniform when every channel's standard deviation along it is at
/// most `tolerance` (0...255 scale). On each side, the run of uniform lines from the edge is
/// a margin only if it ends within `maxFraction` of that dimension (a uniform run that goes
/// on, such as a clear sky or a plain wall, is part of the picture) and the two lines after
/// it differ from its last line by at least `step` in some channel's mean (a strip of
/// tablecloth that shades gently into the rest is part of the picture too). A run of fewer
/// than `minLines` is left: whether one dark line at the edge passes `tolerance` changes
/// when the photo is saved again, which would change the page's size, and the engine's
/// edge rim (``replicatingEdgeRim(_:depth:)``) keeps such a line from becoming a frame.
package func uniformMargins(_ image: ByteImage, maxFraction: Double = 0.04, tolerance: Double = 12,
                           step: Double = 32, minLines: Int = 2) -> Margins {
    let width = image.width, height = image.height, ch = image.channels
    guard width >= 8, height >= 8 else { return Margins() }
    let maxRows = Int(Double(height) * maxFraction), maxColumns = Int(Double(width) * maxFraction)
    return image.samples.withUnsafeBufferPointer { px in
        /// Per channel mean and variance of `count` pixels from pixel `start`, `stride` apart.
        func statistics(start: Int, stride: Int, count: Int, channel c: Int) -> (mean: Double, variance: Double) {
            var sum = 0.0, sum2 = 0.0
            var i = start * ch + c
            for _ in 0..<count {
                let v = Double(px[i])
                sum += v; sum2 += v * v
                i += stride * ch
            }
            let mean = sum / Double(count)
            return (mean, sum2 / Double(count) - mean * mean)
        }
        /// The margin on one side; `line(k)` gives the start, stride and count of the k-th line.
        func margin(limit: Int, lines: Int, line: (Int) -> (start: Int, stride: Int, count: Int)) -> Int {
            func isUniform(_ k: Int) -> Bool {
                let l = line(k)
                return (0..<ch).allSatisfy { statistics(start: l.start, stride: l.stride, count: l.count, channel: $0).variance <= tolerance * tolerance }
            }
            var k = 0
            while k <= limit && isUniform(k) { k += 1 }
            guard k >= max(1, minLines), k <= limit, k + 2 <= lines else { return 0 }
            let last = line(k - 1), next1 = line(k), next2 = line(k + 1)
            let steps = (0..<ch).map { c -> Double in
                let edge = statistics(start: last.start, stride: last.stride, count: last.count, channel: c).mean
                let inside = (statistics(start: next1.start, stride: next1.stride, count: next1.count, channel: c).mean
                    + statistics(start: next2.start, stride: next2.stride, count: next2.count, channel: c).mean) / 2
                return abs(inside - edge)
            }
            return steps.max()! >= step ? k : 0
        }
        return Margins(
            top: margin(limit: maxRows, lines: height) { ($0 * width, 1, width) },
            bottom: margin(limit: maxRows, lines: height) { ((height - 1 - $0) * width, 1, width) },
            left: margin(limit: maxColumns, lines: width) { ($0, width, height) },
            right: margin(limit: maxColumns, lines: width) { (width - 1 - $0, width, height) })
    }
}

/// `image` without its ``uniformMargins(_:maxFraction:tolerance:)`` (unchanged when it has none).
package func trimmingUniformMargins(_ image: ByteImage) -> ByteImage {
    trimming(image, margins: uniformMargins(image))
}

/// `image` without `m` (unchanged when `m` is empty).
func trimming(_ image: ByteImage, margins m: Margins) -> ByteImage {
    guard !m.isEmpty else { return image }
    return image.cropped(x: m.left, y: m.top, width: image.width - m.left - m.right,
                         height: image.height - m.top - m.bottom)
}
