import LineArtImage

/// Labels the connected components of the pixels selected by `predicate`.
///
/// Algorithm: classic two-pass labelling with a union-find equivalence table
/// (Rosenfeld & Pfaltz, "Sequential operations in digital picture processing",
/// J. ACM 13(4), 1966; union-find as in Wu, Otoo & Suzuki, "Optimizing two-pass
/// connected-component labeling algorithms", Pattern Anal. Appl. 12, 2009).
///
/// 1. Raster scan over runs (the selected pixels of a row between two unselected ones):
///    each run takes the provisional label of the first run of the row above that it
///    touches (overlaps for 4-connectivity; overlaps or meets at a corner for
///    8-connectivity) or a new one; the labels of the other runs it touches are merged in
///    the union-find forest (path halving; the smaller label becomes the root, so every
///    root is the first provisional label of its component).
/// 2. The roots are numbered `1...count` in increasing order, which is the
///    row-major order of each component's first pixel; a second scan, a run at a
///    time, writes the labels and gathers areas, bounding boxes and border contact.
///
/// With `threads` > 1 (and at least 64 rows) pass 1 scans the upper and the lower half of
/// the rows on two threads, the lower half's first row as if nothing were above it, and
/// then joins that row's runs to the runs above them; the lower half's provisional labels
/// are numbered after any the upper half can have, so roots are still first labels and the
/// labels are those of one thread. Pass 2 fills the halves on two threads too.
///
/// Runs in O(width × height) time (amortised, near-linear union-find), with the
/// union-find and statistics work per run rather than per pixel (paper comes in long
/// runs); buffers are allocated up front, with no per-pixel allocation or recursion; hot
/// loops run over unsafe buffer pointers. `predicate` is evaluated once for each of the
/// 256 sample values to build a lookup table, so it must be pure.
///
/// - Parameters:
///   - image: a 1-channel byte image. A zero-sized image yields `count == 0`.
///   - connectivity: `.four` for paper regions (what a flood fill fills),
///     `.eight` for ink strokes and specks.
///   - threads: 1, or 2 for the halves of the rows on two threads (the result is the same).
///   - predicate: selects the pixels to label, e.g. `{ $0 >= 128 }` for paper.
/// - Returns: the ``LabelMap``; unselected pixels get label 0.
/// - Precondition: `image.channels == 1` and `width * height < Int32.max`.
package func label(_ image: ByteImage, connectivity: Connectivity, threads: Int = 1,
                  where predicate: (UInt8) -> Bool) -> LabelMap {
    precondition(image.channels == 1, "label(_:connectivity:where:) needs a 1-channel image, got \(image.channels) channels")
    let width = image.width
    let height = image.height
    let pixelCount = width * height
    precondition(pixelCount < Int(Int32.max), "image too large to label with Int32 labels")

    var selected = [Bool](repeating: false, count: 256)
    for value in 0..<256 { selected[value] = predicate(UInt8(value)) }

    var labels = [Int32](repeating: 0, count: pixelCount)
    guard pixelCount > 0 else {
        return LabelMap(width: width, height: height, labels: labels, count: 0, areas: [0],
                        bounds: [.empty], touchesBorder: [false], connectivity: connectivity)
    }

    // A row holds at most ceil(width / 2) runs. With two threads the rows split at `split`:
    // the lower rows' runs and provisional labels start at `lowerBase`, past any the upper
    // rows can have (index 0 of `parent` is unused, so are the indices between the halves).
    let runsPerRow = (width + 1) / 2
    let maxRuns = height * runsPerRow
    let split = threads > 1 && height >= 64 ? height / 2 : height
    let lowerBase = split * runsPerRow
    var runs = LabelRuns(maxRuns: maxRuns, height: height)
    let reach: Int32 = connectivity == .eight ? 1 : 0
    var count = 0
    var stats = LabelStatistics(count: 0)
    image.samples.withUnsafeBufferPointer { src in
    selected.withUnsafeBufferPointer { inSet in
    labels.withUnsafeMutableBufferPointer { lab in
    runs.withPointers { runs in
        let scan = RunScan(src: src.baseAddress!, inSet: inSet.baseAddress!, width: width, reach: reach, runs: runs)
        // Pass 1: runs and provisional labels, the smaller label the root of each set, so
        // every root is the first provisional label of its component.
        var upperLabels: Int32 = 0, lowerLabels = Int32(lowerBase)
        if split < height {
            forEachBand(count: 2) { half in
                if half == 0 {
                    upperLabels = scan.scan(rows: 0..<split, firstRun: 0, labelsBefore: 0)
                } else {
                    lowerLabels = scan.scan(rows: split..<height, firstRun: lowerBase, labelsBefore: Int32(lowerBase))
                }
            }
            // The lower half's first row met no row above: its runs join the runs they touch
            // now. Lower labels are all greater than upper ones, so roots stay first labels.
            scan.joinRow(split)
        } else {
            upperLabels = scan.scan(rows: 0..<height, firstRun: 0, labelsBefore: 0)
        }
        // Resolve: every non-root points to a smaller label, so one ascending sweep replaces
        // each entry by its final label (roots get 1, 2, ... in order: row-major order of each
        // component's first pixel, as with one thread).
        var final: Int32 = 0
        for range in [1..<(upperLabels + 1), (Int32(lowerBase) + 1)..<(lowerLabels + 1)] {
            for i in range {
                let p = runs.parent[Int(i)]
                if p == i {
                    final += 1
                    runs.parent[Int(i)] = final
                } else {
                    runs.parent[Int(i)] = runs.parent[Int(p)]   // p < i already holds its final label
                }
            }
        }
        count = Int(final)
        // Pass 2: final labels and statistics, a run at a time, each half into its own tables.
        let height = height
        if split < height {
            var lower = LabelStatistics(count: count)
            stats = LabelStatistics(count: count)
            let out = SharedMutablePointer(base: lab.baseAddress!)
            forEachBand(count: 2) { half in
                if half == 0 {
                    scan.fill(rows: 0..<split, height: height, labels: out.base, into: &stats)
                } else {
                    scan.fill(rows: split..<height, height: height, labels: out.base, into: &lower)
                }
            }
            stats.add(lower)
        } else {
            stats = LabelStatistics(count: count)
            scan.fill(rows: 0..<height, height: height, labels: lab.baseAddress!, into: &stats)
        }
    }
    }
    }
    }
    if stats.areas[0] == 0 { stats.bounds[0] = .empty }   // only the background can be empty
    return LabelMap(width: width, height: height, labels: labels, count: count, areas: stats.areas,
                    bounds: stats.bounds, touchesBorder: stats.touches, connectivity: connectivity)
}

/// The runs of ``label(_:connectivity:threads:where:)``'s pass 1: for run `k`, its columns
/// `start[k] ..< end[k]` and provisional label; for row `y`, its runs `rowFirst[y] ..< rowEnd[y]`;
/// the union-find forest of the provisional labels.
private struct LabelRuns {
    var parent: [Int32]
    var start: [Int32]
    var end: [Int32]
    var label: [Int32]
    var rowFirst: [Int]
    var rowEnd: [Int]

    init(maxRuns: Int, height: Int) {
        parent = [Int32](repeating: 0, count: maxRuns + 1)
        start = [Int32](unsafeUninitializedCapacity: maxRuns) { _, count in count = maxRuns }
        end = [Int32](unsafeUninitializedCapacity: maxRuns) { _, count in count = maxRuns }
        label = [Int32](unsafeUninitializedCapacity: maxRuns) { _, count in count = maxRuns }
        rowFirst = [Int](repeating: 0, count: height)
        rowEnd = [Int](repeating: 0, count: height)
    }

    struct Pointers: @unchecked Sendable {
        let parent: UnsafeMutablePointer<Int32>
        let start: UnsafeMutablePointer<Int32>
        let end: UnsafeMutablePointer<Int32>
        let label: UnsafeMutablePointer<Int32>
        let rowFirst: UnsafeMutablePointer<Int>
        let rowEnd: UnsafeMutablePointer<Int>
    }

    mutating func withPointers<R>(_ body: (Pointers) -> R) -> R {
        parent.withUnsafeMutableBufferPointer { parent in
        start.withUnsafeMutableBufferPointer { start in
        end.withUnsafeMutableBufferPointer { end in
        label.withUnsafeMutableBufferPointer { label in
        rowFirst.withUnsafeMutableBufferPointer { rowFirst in
        rowEnd.withUnsafeMutableBufferPointer { rowEnd in
            body(Pointers(parent: parent.baseAddress!, start: start.baseAddress!, end: end.baseAddress!,
                          label: label.baseAddress!, rowFirst: rowFirst.baseAddress!, rowEnd: rowEnd.baseAddress!))
        }
        }
        }
        }
        }
        }
    }
}

/// Areas, bounding boxes and border contact per label (0 the unselected pixels).
private struct LabelStatistics {
    var areas: [Int]
    var bounds: [LabelBounds]
    var touches: [Bool]

    init(count: Int) {
        areas = [Int](repeating: 0, count: count + 1)
        bounds = [LabelBounds](repeating: LabelBounds(minX: .max, minY: .max, maxX: -1, maxY: -1), count: count + 1)
        touches = [Bool](repeating: false, count: count + 1)
    }

    /// Adds the statistics of other pixels (sums, unions of boxes): the same in any order.
    mutating func add(_ other: LabelStatistics) {
        for l in areas.indices {
            areas[l] += other.areas[l]
            let a = bounds[l], b = other.bounds[l]
            bounds[l] = LabelBounds(minX: min(a.minX, b.minX), minY: min(a.minY, b.minY),
                                    maxX: max(a.maxX, b.maxX), maxY: max(a.maxY, b.maxY))
            touches[l] = touches[l] || other.touches[l]
        }
    }
}

/// The end of the run of bytes equal to `row[x]` that starts at `x`: the first `i > x` with
/// `row[i] != row[x]`, or `width`. Eight bytes at a time: on a page, runs of paper are long.
@inline(__always)
private func sameByteRunEnd(_ row: UnsafePointer<UInt8>, from x: Int, width: Int) -> Int {
    let value = row[x]
    let pattern = UInt64(value) &* 0x0101_0101_0101_0101
    var i = x + 1
    while i + 8 <= width {
        let differs = UInt64(littleEndian: UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self)) ^ pattern
        if differs != 0 { return i + differs.trailingZeroBitCount / 8 }
        i += 8
    }
    while i < width && row[i] == value { i += 1 }
    return i
}

/// The two passes of ``label(_:connectivity:threads:where:)`` over a range of rows.
private struct RunScan: @unchecked Sendable {
    let src: UnsafePointer<UInt8>
    let inSet: UnsafePointer<Bool>
    let width: Int
    let reach: Int32
    let runs: LabelRuns.Pointers

    /// Pass 1 over `rows`, the first of which is taken as having no row above: each run
    /// takes the provisional label of the first run above that it touches (overlaps for
    /// 4-connectivity; overlaps or meets at a corner for 8-connectivity) or a new one, and
    /// merges the labels of the others. Runs are stored from `firstRun`, new labels are
    /// numbered from `labelsBefore + 1`. Returns the last label made.
    func scan(rows: Range<Int>, firstRun: Int, labelsBefore: Int32) -> Int32 {
        let par = runs.parent, rs = runs.start, re = runs.end, rl = runs.label
        var next = labelsBefore
        var k = firstRun
        for y in rows {
            runs.rowFirst[y] = k
            let row = src + y * width
            // The runs of the row above, walked along with this row's.
            var above = y > rows.lowerBound ? runs.rowFirst[y - 1] : 0
            let aboveEnd = y > rows.lowerBound ? runs.rowEnd[y - 1] : 0
            var x = 0
            while x < width {
                // Whole runs of one byte value at a time (one value: one answer of `inSet`).
                guard inSet[Int(row[x])] else { x = sameByteRunEnd(row, from: x, width: width); continue }
                let start = x
                x = sameByteRunEnd(row, from: x, width: width)
                while x < width && inSet[Int(row[x])] { x = sameByteRunEnd(row, from: x, width: width) }
                let s = Int32(start), e = Int32(x)   // the run is s..<e
                var label: Int32 = 0
                for j in runsAbove(touching: s..<e, from: &above, to: aboveEnd) {
                    let other = rl[j]
                    if label == 0 { label = other } else if other != label { unionSets(par, label, other) }
                }
                if label == 0 {
                    next += 1
                    par[Int(next)] = next
                    label = next
                }
                rs[k] = s
                re[k] = e
                rl[k] = label
                k += 1
            }
            runs.rowEnd[y] = k
        }
        return next
    }

    /// Merges the labels of row `y`'s runs with those of the runs of row `y - 1` they touch.
    func joinRow(_ y: Int) {
        let par = runs.parent, rs = runs.start, re = runs.end, rl = runs.label
        var above = runs.rowFirst[y - 1]
        let aboveEnd = runs.rowEnd[y - 1]
        for k in runs.rowFirst[y]..<runs.rowEnd[y] {
            for j in runsAbove(touching: rs[k]..<re[k], from: &above, to: aboveEnd) { unionSets(par, rl[k], rl[j]) }
        }
    }

    /// The runs among `above ..< aboveEnd` of the row above that touch the run `columns`:
    /// overlap it, or with 8-connectivity meet it at a corner. Runs that end before it starts
    /// touch no later run of this row either: `above` moves past them.
    @inline(__always)
    func runsAbove(touching columns: Range<Int32>, from above: inout Int, to aboveEnd: Int) -> Range<Int> {
        let rs = runs.start, re = runs.end
        while above < aboveEnd && re[above] + reach <= columns.lowerBound { above += 1 }
        var j = above
        while j < aboveEnd && rs[j] < columns.upperBound + reach { j += 1 }
        return above..<j
    }

    /// Pass 2 over `rows`: final labels (`parent` of each provisional label, resolved) into
    /// `labels`, and the statistics. A run on the first or last row, or starting or ending
    /// at the image side, touches the border.
    func fill(rows: Range<Int>, height: Int, labels lab: UnsafeMutablePointer<Int32>,
              into stats: inout LabelStatistics) {
        let par = runs.parent, rs = runs.start, re = runs.end, rl = runs.label
        let width = width
        stats.areas.withUnsafeMutableBufferPointer { area in
        stats.bounds.withUnsafeMutableBufferPointer { box in
        stats.touches.withUnsafeMutableBufferPointer { border in
            @inline(__always) func add(_ l: Int, _ from: Int, _ to: Int, _ y: Int, edgeRow: Bool) {
                area[l] += to - from
                if from < box[l].minX { box[l].minX = from }
                if to - 1 > box[l].maxX { box[l].maxX = to - 1 }
                if y < box[l].minY { box[l].minY = y }
                box[l].maxY = y
                if edgeRow || from == 0 || to == width { border[l] = true }
            }
            for y in rows {
                let row = y * width, edgeRow = y == 0 || y == height - 1
                var x = 0
                for k in runs.rowFirst[y]..<runs.rowEnd[y] {
                    let s = Int(rs[k]), e = Int(re[k])
                    if s > x { add(0, x, s, y, edgeRow: edgeRow) }   // `labels` is already 0 there
                    let l = Int(par[Int(rl[k])])
                    (lab + row + s).update(repeating: Int32(l), count: e - s)
                    add(l, s, e, y, edgeRow: edgeRow)
                    x = e
                }
                if x < width { add(0, x, width, y, edgeRow: edgeRow) }
            }
        }
        }
        }
    }
}

/// Labels the nonzero pixels of a 1-channel mask. See ``label(_:connectivity:threads:where:)``.
package func label(_ mask: ByteImage, connectivity: Connectivity, threads: Int = 1) -> LabelMap {
    label(mask, connectivity: connectivity, threads: threads, where: { $0 != 0 })
}

/// Union-find root with path halving (each visited node is linked to its grandparent).
@inline(__always)
private func findRoot(_ parent: UnsafeMutablePointer<Int32>, _ start: Int32) -> Int32 {
    var x = start
    while true {
        let p = parent[Int(x)]
        if p == x { return x }
        let grandparent = parent[Int(p)]
        parent[Int(x)] = grandparent
        x = grandparent
    }
}

/// Merges the sets of `a` and `b`, making the smaller root the root of both.
@inline(__always)
private func unionSets(_ parent: UnsafeMutablePointer<Int32>, _ a: Int32, _ b: Int32) {
    let ra = findRoot(parent, a)
    let rb = findRoot(parent, b)
    if ra < rb {
        parent[Int(rb)] = ra
    } else if rb < ra {
        parent[Int(ra)] = rb
    }
}
