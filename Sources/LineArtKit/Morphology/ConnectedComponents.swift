/// Labels the connected components of the pixels selected by `predicate`.
///
/// Algorithm: classic two-pass labelling with a union-find equivalence table
/// (Rosenfeld & Pfaltz, "Sequential operations in digital picture processing",
/// J. ACM 13(4), 1966; union-find as in Wu, Otoo & Suzuki, "Optimizing two-pass
/// connected-component labeling algorithms", Pattern Anal. Appl. 12, 2009).
///
/// 1. Raster scan: each selected pixel takes the provisional label of an already
///    scanned neighbour (left and up for 4-connectivity; left, up-left, up and
///    up-right for 8-connectivity) or a new one; differing neighbour labels are
///    merged in the union-find forest (path halving; the smaller label becomes
///    the root, so every root is the first provisional label of its component).
/// 2. The roots are numbered `1...count` in increasing order, which is the
///    row-major order of each component's first pixel; a second raster scan
///    rewrites the labels and gathers areas, bounding boxes and border contact.
///
/// Runs in O(width × height) time (amortised, near-linear union-find) with three
/// buffers allocated up front and no per-pixel allocation or recursion; hot loops
/// run over unsafe buffer pointers. `predicate` is evaluated once for each of the
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

    // A new provisional label needs an unselected left neighbour (or x == 0), so a
    // row holds at most ceil(width / 2) of them. Index 0 is unused.
    var parent = [Int32](repeating: 0, count: height * ((width + 1) / 2) + 1)
    var provisionalCount: Int32 = 0

    // Pass 1: provisional labels and equivalences.
    image.samples.withUnsafeBufferPointer { src in
        selected.withUnsafeBufferPointer { inSet in
            labels.withUnsafeMutableBufferPointer { lab in
                parent.withUnsafeMutableBufferPointer { par in
                    var next: Int32 = 0
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            let i = row + x
                            guard inSet[Int(src[i])] else { continue }
                            let left: Int32 = x > 0 ? lab[i - 1] : 0
                            let up: Int32 = y > 0 ? lab[i - width] : 0
                            switch connectivity {
                            case .four:
                                if up != 0 {
                                    lab[i] = up
                                    if left != 0 && left != up { unionSets(par, left, up) }
                                } else if left != 0 {
                                    lab[i] = left
                                } else {
                                    next += 1
                                    par[Int(next)] = next
                                    lab[i] = next
                                }
                            case .eight:
                                if up != 0 {
                                    // left, up-left and up-right are all 8-neighbours of `up`
                                    // and were already merged with it when scanned.
                                    lab[i] = up
                                    continue
                                }
                                let upLeft: Int32 = (x > 0 && y > 0) ? lab[i - width - 1] : 0
                                let upRight: Int32 = (x + 1 < width && y > 0) ? lab[i - width + 1] : 0
                                // left and up-left are neighbours of each other: already merged.
                                let west = left != 0 ? left : upLeft
                                if upRight != 0 {
                                    lab[i] = upRight
                                    if west != 0 && west != upRight { unionSets(par, west, upRight) }
                                } else if west != 0 {
                                    lab[i] = west
                                } else {
                                    next += 1
                                    par[Int(next)] = next
                                    lab[i] = next
                                }
                            }
                        }
                    }
                    provisionalCount = next
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

    // Pass 2: final labels and statistics.
    let n = Int(count)
    var areas = [Int](repeating: 0, count: n + 1)
    var minX = [Int](repeating: Int.max, count: n + 1)
    var maxX = [Int](repeating: -1, count: n + 1)
    var minY = [Int](repeating: Int.max, count: n + 1)
    var maxY = [Int](repeating: -1, count: n + 1)
    var touches = [Bool](repeating: false, count: n + 1)
    parent.withUnsafeBufferPointer { par in
        labels.withUnsafeMutableBufferPointer { lab in
            areas.withUnsafeMutableBufferPointer { area in
                minX.withUnsafeMutableBufferPointer { x0 in
                    maxX.withUnsafeMutableBufferPointer { x1 in
                        minY.withUnsafeMutableBufferPointer { y0 in
                            maxY.withUnsafeMutableBufferPointer { y1 in
                                for y in 0..<height {
                                    let row = y * width
                                    for x in 0..<width {
                                        let provisional = lab[row + x]
                                        let l = provisional == 0 ? 0 : Int(par[Int(provisional)])
                                        lab[row + x] = Int32(l)
                                        area[l] += 1
                                        if x < x0[l] { x0[l] = x }
                                        if x > x1[l] { x1[l] = x }
                                        if y < y0[l] { y0[l] = y }
                                        y1[l] = y
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        touches.withUnsafeMutableBufferPointer { t in
            labels.withUnsafeBufferPointer { lab in
                let last = (height - 1) * width
                for x in 0..<width {
                    t[Int(lab[x])] = true
                    t[Int(lab[last + x])] = true
                }
                for y in 0..<height {
                    t[Int(lab[y * width])] = true
                    t[Int(lab[y * width + width - 1])] = true
                }
            }
        }
    }
    var bounds = [LabelBounds](repeating: .empty, count: n + 1)
    for l in 0...n where areas[l] > 0 {
        bounds[l] = LabelBounds(minX: minX[l], minY: minY[l], maxX: maxX[l], maxY: maxY[l])
    }
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
