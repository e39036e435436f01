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
///   - predicate: selects the pixels to label, e.g. `{ $0 >= 128 }` for paper.
/// - Returns: the ``LabelMap``; unselected pixels get label 0.
/// - Precondition: `image.channels == 1` and `width * height < Int32.max`.
public func label(_ image: ByteImage, connectivity: Connectivity,
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

    // Pass 1 works on runs: the selected pixels of a row come in runs, and a run touches
    // the runs of the row above that overlap it (`.four`) or overlap it or meet it at a
    // corner (`.eight`). A run takes the provisional label of the first run above it that
    // it touches (or a new one) and merges the labels of the others. A row holds at most
    // ceil(width / 2) runs. Index 0 of `parent` is unused.
    let maxRuns = height * ((width + 1) / 2)
    var parent = [Int32](repeating: 0, count: maxRuns + 1)
    var runStart = [Int32](unsafeUninitializedCapacity: maxRuns) { _, count in count = maxRuns }
    var runEnd = [Int32](unsafeUninitializedCapacity: maxRuns) { _, count in count = maxRuns }
    var runLabel = [Int32](unsafeUninitializedCapacity: maxRuns) { _, count in count = maxRuns }
    var rowFirstRun = [Int](repeating: 0, count: height + 1)
    var provisionalCount: Int32 = 0
    let reach: Int32 = connectivity == .eight ? 1 : 0

    image.samples.withUnsafeBufferPointer { src in
    selected.withUnsafeBufferPointer { inSet in
    parent.withUnsafeMutableBufferPointer { par in
    runStart.withUnsafeMutableBufferPointer { rs in
    runEnd.withUnsafeMutableBufferPointer { re in
    runLabel.withUnsafeMutableBufferPointer { rl in
    rowFirstRun.withUnsafeMutableBufferPointer { rowFirst in
        var next: Int32 = 0
        var runs = 0
        for y in 0..<height {
            rowFirst[y] = runs
            let row = src.baseAddress! + y * width
            // The runs of the row above, walked along with this row's.
            var above = y > 0 ? rowFirst[y - 1] : 0
            let aboveEnd = y > 0 ? rowFirst[y] : 0
            var x = 0
            while x < width {
                guard inSet[Int(row[x])] else { x += 1; continue }
                let start = x
                x += 1
                while x < width && inSet[Int(row[x])] { x += 1 }
                let s = Int32(start), e = Int32(x)   // the run is s..<e
                // Runs above that end (with the reach) before this one starts touch nothing
                // from here on.
                while above < aboveEnd && re[above] + reach <= s { above += 1 }
                var label: Int32 = 0
                var k = above
                while k < aboveEnd && rs[k] < e + reach {
                    let other = rl[k]
                    if label == 0 { label = other } else if other != label { unionSets(par, label, other) }
                    k += 1
                }
                if label == 0 {
                    next += 1
                    par[Int(next)] = next
                    label = next
                }
                rs[runs] = s
                re[runs] = e
                rl[runs] = label
                runs += 1
            }
        }
        rowFirst[height] = runs
        provisionalCount = next
    }
    }
    }
    }
    }
    }
    }

    // Resolve: every non-root points to a smaller label, so one ascending sweep
    // replaces each entry by its final label (roots get 1, 2, ... in order).
    var count: Int32 = 0
    parent.withUnsafeMutableBufferPointer { par in
        var i: Int32 = 1
        while i <= provisionalCount {
            let p = par[Int(i)]
            if p == i {
                count += 1
                par[Int(i)] = count
            } else {
                par[Int(i)] = par[Int(p)]   // p < i already holds its final label
            }
            i += 1
        }
    }

    // Pass 2: final labels and statistics, a run at a time (label 0 fills the gaps). A run
    // on the first or last row, or starting or ending at the image side, touches the border.
    let n = Int(count)
    var areas = [Int](repeating: 0, count: n + 1)
    var bounds = [LabelBounds](repeating: LabelBounds(minX: .max, minY: .max, maxX: -1, maxY: -1), count: n + 1)
    var touches = [Bool](repeating: false, count: n + 1)
    parent.withUnsafeBufferPointer { par in
    labels.withUnsafeMutableBufferPointer { lab in
    runStart.withUnsafeBufferPointer { rs in
    runEnd.withUnsafeBufferPointer { re in
    runLabel.withUnsafeBufferPointer { rl in
    areas.withUnsafeMutableBufferPointer { area in
    bounds.withUnsafeMutableBufferPointer { box in
    touches.withUnsafeMutableBufferPointer { border in
        @inline(__always) func add(_ l: Int, _ from: Int, _ to: Int, _ y: Int, edgeRow: Bool) {
            area[l] += to - from
            if from < box[l].minX { box[l].minX = from }
            if to - 1 > box[l].maxX { box[l].maxX = to - 1 }
            if y < box[l].minY { box[l].minY = y }
            box[l].maxY = y
            if edgeRow || from == 0 || to == width { border[l] = true }
        }
        for y in 0..<height {
            let row = y * width, edgeRow = y == 0 || y == height - 1
            var x = 0
            for k in rowFirstRun[y]..<rowFirstRun[y + 1] {
                let s = Int(rs[k]), e = Int(re[k])
                if s > x { add(0, x, s, y, edgeRow: edgeRow) }   // `labels` is already 0 there
                let l = Int(par[Int(rl[k])])
                (lab.baseAddress! + row + s).update(repeating: Int32(l), count: e - s)
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
    }
    }
    }
    if areas[0] == 0 { bounds[0] = .empty }   // only the background can be empty
    return LabelMap(width: width, height: height, labels: labels, count: n, areas: areas,
                    bounds: bounds, touchesBorder: touches, connectivity: connectivity)
}

/// Labels the nonzero pixels of a 1-channel mask. See ``label(_:connectivity:where:)``.
public func label(_ mask: ByteImage, connectivity: Connectivity) -> LabelMap {
    label(mask, connectivity: connectivity, where: { $0 != 0 })
}

/// Union-find root with path halving (each visited node is linked to its grandparent).
@inline(__always)
private func findRoot(_ parent: UnsafeMutableBufferPointer<Int32>, _ start: Int32) -> Int32 {
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
private func unionSets(_ parent: UnsafeMutableBufferPointer<Int32>, _ a: Int32, _ b: Int32) {
    let ra = findRoot(parent, a)
    let rb = findRoot(parent, b)
    if ra < rb {
        parent[Int(rb)] = ra
    } else if rb < ra {
        parent[Int(ra)] = rb
    }
}
