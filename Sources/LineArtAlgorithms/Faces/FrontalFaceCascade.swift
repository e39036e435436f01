import CPixelKernels

/// A boosted cascade of multi-block LBP stumps (Liao et al. 2007, "Learning Multi-scale Block
/// Local Binary Patterns for Face Recognition"; the format of OpenCV's LBP cascades).
///
/// A window of `windowSize`² pixels passes stage `s` when the sum of its weak classifiers'
/// leaves reaches `stageThresholds[s]`; a face passes every stage. Weak classifier `k` reads
/// feature `weakFeatures[k]`: a 3×3 grid of equal blocks (`featureRects[4f ..< 4f + 4]` = x, y
/// of the grid's corner in the window and one block's width and height). Its 8-bit code sets a
/// bit for each outer block whose pixel sum is at least the centre block's, clockwise from the
/// top-left block (bit 7) to the middle-left one (bit 0). The classifier returns
/// `weakLeaves[2k]` when bit `code` of the 256-bit set `weakSubsets[8k ..< 8k + 8]` is on, else
/// `weakLeaves[2k + 1]`.
package struct FrontalFaceCascade: Sendable {
    package let windowSize: Int
    package let stageThresholds: [Float]
    /// Weak classifiers per stage, in order.
    package let stageWeakCounts: [Int]
    package let weakFeatures: [Int]
    package let weakSubsets: [Int32]
    package let weakLeaves: [Float]
    package let featureRects: [Int]

    package init(windowSize: Int, stageThresholds: [Float], stageWeakCounts: [Int], weakFeatures: [Int],
                weakSubsets: [Int32], weakLeaves: [Float], featureRects: [Int]) {
        let weakCount = stageWeakCounts.reduce(0, +)
        precondition(stageThresholds.count == stageWeakCounts.count && weakFeatures.count == weakCount
                     && weakSubsets.count == 8 * weakCount && weakLeaves.count == 2 * weakCount
                     && featureRects.count % 4 == 0, "inconsistent cascade tables")
        let featureCount = featureRects.count / 4
        precondition(weakFeatures.allSatisfy { (0..<featureCount).contains($0) }, "feature index out of range")
        for f in 0..<featureCount {
            let x = featureRects[4 * f], y = featureRects[4 * f + 1]
            let w = featureRects[4 * f + 2], h = featureRects[4 * f + 3]
            precondition(x >= 0 && y >= 0 && w > 0 && h > 0 && x + 3 * w <= windowSize && y + 3 * h <= windowSize,
                         "feature \(f) leaves the window")
        }
        self.windowSize = windowSize
        self.stageThresholds = stageThresholds
        self.stageWeakCounts = stageWeakCounts
        self.weakFeatures = weakFeatures
        self.weakSubsets = weakSubsets
        self.weakLeaves = weakLeaves
        self.featureRects = featureRects
    }

    /// Runs `body` with the tables as buffer pointers (the scan's hot loop reads them unchecked).
    func withTables<R>(_ body: (CascadeTables) -> R) -> R {
        stageThresholds.withUnsafeBufferPointer { thresholds in
            stageWeakCounts.withUnsafeBufferPointer { counts in
                weakFeatures.withUnsafeBufferPointer { features in
                    weakSubsets.withUnsafeBufferPointer { subsets in
                        weakLeaves.withUnsafeBufferPointer { leaves in
                            body(CascadeTables(thresholds: thresholds, counts: counts, features: features,
                                               subsets: subsets, leaves: leaves))
                        }
                    }
                }
            }
        }
    }

    /// For each feature, the 16 corners of its 3×3 block grid as offsets into an integral image
    /// of row stride `stride` (row-major, 4 per grid line), for the window scaled by `scale`:
    /// the grid's corner and block sides are multiplied by `scale` and rounded, then blocks
    /// shrunk to a third of the window side and the corner moved in where rounding would put
    /// the grid outside the window (blocks stay at least 1 pixel).
    func gridOffsets(stride: Int, scale: Double) -> [Int] {
        let side = Int((Double(windowSize) * scale).rounded())
        var offsets = [Int]()
        offsets.reserveCapacity(featureRects.count * 4)
        for f in 0..<featureRects.count / 4 {
            let w = max(1, min(Int((Double(featureRects[4 * f + 2]) * scale).rounded()), side / 3))
            let h = max(1, min(Int((Double(featureRects[4 * f + 3]) * scale).rounded()), side / 3))
            let x = min(Int((Double(featureRects[4 * f]) * scale).rounded()), side - 3 * w)
            let y = min(Int((Double(featureRects[4 * f + 1]) * scale).rounded()), side - 3 * h)
            for row in 0..<4 {
                for column in 0..<4 { offsets.append((y + row * h) * stride + x + column * w) }
            }
        }
        return offsets
    }
}

/// A cascade's tables as buffer pointers, valid inside ``FrontalFaceCascade/withTables(_:)``.
struct CascadeTables {
    let thresholds: UnsafeBufferPointer<Float>
    let counts: UnsafeBufferPointer<Int>
    let features: UnsafeBufferPointer<Int>
    let subsets: UnsafeBufferPointer<Int32>
    let leaves: UnsafeBufferPointer<Float>

    /// Whether the window whose top-left pixel is at `origin` of the integral image passes
    /// every stage.
    /// - Parameters:
    ///   - integral: `(width + 1) × (height + 1)` sums, `integral[y · stride + x]` = sum of the
    ///     pixels above row `y` and left of column `x`.
    ///   - offsets: ``FrontalFaceCascade/gridOffsets(stride:scale:)`` for the same stride.
    @inline(__always)
    func accepts(_ integral: UnsafePointer<Int32>, origin: Int, offsets: UnsafePointer<Int>) -> Bool {
        var weak = 0
        for stage in 0..<thresholds.count {
            var sum: Float = 0
            for _ in 0..<counts[stage] {
                let code = lbpCode(integral + origin, grid: offsets + 16 * features[weak])
                let word = subsets[8 * weak + (code >> 5)]
                sum += word & (1 << Int32(code & 31)) != 0 ? leaves[2 * weak] : leaves[2 * weak + 1]
                weak += 1
            }
            if sum < thresholds[stage] { return false }
        }
        return true
    }
}

extension CascadeTables {
    /// Keeps, in their order, the entries of `origins[0..<count]` whose windows pass every
    /// stage (``accepts(_:origin:offsets:)``), moved to the front; returns how many. Stage by
    /// stage, four windows at a time (SSE2, `cpk_lbp_cascade_keep`; the windows left over
    /// after the groups of four go one at a time, so long lists do best): on the 20 MP photo
    /// the search took 5.9 ms a window at a time, 4.0 ms a row of windows at a time and
    /// 3.3 ms 16 rows at a time.
    func keepAccepted(_ integral: UnsafePointer<Int32>, origins: UnsafeMutablePointer<Int>, count: Int,
                      offsets: UnsafePointer<Int>) -> Int {
        cpk_lbp_cascade_keep(integral, origins, count, offsets, thresholds.baseAddress!, counts.baseAddress!,
                             thresholds.count, features.baseAddress!, subsets.baseAddress!, leaves.baseAddress!)
    }
}

/// The 8-bit multi-block LBP code of the 3×3 block grid whose 16 corners (row-major) are
/// `p`, as offsets from `s` into an integral image (see ``FrontalFaceCascade``).
@inline(__always)
func lbpCode(_ s: UnsafePointer<Int32>, grid p: UnsafePointer<Int>) -> Int {
    let c0 = s[p[0]], c1 = s[p[1]], c2 = s[p[2]], c3 = s[p[3]]
    let c4 = s[p[4]], c5 = s[p[5]], c6 = s[p[6]], c7 = s[p[7]]
    let c8 = s[p[8]], c9 = s[p[9]], c10 = s[p[10]], c11 = s[p[11]]
    let c12 = s[p[12]], c13 = s[p[13]], c14 = s[p[14]], c15 = s[p[15]]
    @inline(__always) func block(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> Int32 { d &- b &- c &+ a }
    let centre = block(c5, c6, c9, c10)
    var code = 0
    if block(c0, c1, c4, c5) >= centre { code |= 128 }
    if block(c1, c2, c5, c6) >= centre { code |= 64 }
    if block(c2, c3, c6, c7) >= centre { code |= 32 }
    if block(c6, c7, c10, c11) >= centre { code |= 16 }
    if block(c10, c11, c14, c15) >= centre { code |= 8 }
    if block(c9, c10, c13, c14) >= centre { code |= 4 }
    if block(c8, c9, c12, c13) >= centre { code |= 2 }
    if block(c4, c5, c8, c9) >= centre { code |= 1 }
    return code
}
