import LineArtImage

/// Merges paper regions smaller than `minArea` pixels into a neighbour by removing
/// the ink between them (never by painting them black), so a page keeps few, big,
/// tappable regions and no dark blots.
///
/// Algorithm: label the paper (4-connected); split the ink between the regions with
/// ``nearestRegionLabels(_:)``; the regions whose ink cells touch are neighbours, and
/// the length of that contact is their shared boundary. Small regions, smallest
/// first, join the neighbour with the longest shared boundary (union-find), again
/// while the merged region is still small. Finally an ink pixel is erased when it lies
/// within `thickness / 2 + 1` pixels of a boundary between regions that are now one,
/// and not that close to a boundary between regions that are still different. Ink that
/// separates nothing (a whisker inside one region) is kept.
///
/// - Parameters:
///   - lineArt: 1-channel line art, ink < 128.
///   - minArea: regions with fewer paper pixels are merged; `<= 1` returns the input.
///   - thickness: the stroke width of the page, which bounds how much ink is erased.
///   - keepShare: small regions that look like a drawn shape rather than a sliver (see
///     ``isCompactShape(area:bounds:thickness:)``) stay, largest first, at most `keepShare` times
///     the number of regions of `minArea` or more: a spot on a wing or an eye is kept while
///     most regions stay easy to tap. 0 merges every small region.
///   - fillBelow: paper regions with fewer pixels than this are pin-holes in the ink
///     (often inside thick strokes, where erasing `thickness` of ink would not reach a
///     neighbour): they become ink instead of being merged. 0 fills nothing.
///   - minPaperWidth: regions with no disc of this diameter inside them
///     (``sliverRegions(_:_:narrowerThan:)``) are slivers, such as the strip of paper
///     between two lines that run a few pixels apart, too thin to colour: each merges into
///     the neighbour it shares the most boundary with, whatever its area. 0 merges none for
///     being thin.
///   - eraseLooseInk: also erase every stroke that separates nothing once the merging is
///     done (ink farther than `thickness / 2 + 1` from any boundary between regions still
///     apart): the stubs a merge leaves where three regions met, a stroke along the page
///     edge with one region on both sides. For pages whose every line is a region boundary
///     (the regions engine); a sketch's open strokes (the edges engine) would be lost.
///   - threads: threads for the row-band-parallel steps; the result does not depend on it.
/// - Returns: pure 0/255 line art.
package func mergeSmallRegions(_ lineArt: ByteImage, minArea: Int, thickness: Int,
                              keepShare: Double = 0, fillBelow: Int = 0, minPaperWidth: Int = 0,
                              eraseLooseInk: Bool = false, threads: Int = 1) -> ByteImage {
    precondition(lineArt.channels == 1, "mergeSmallRegions needs a 1-channel image")
    let regions = label(lineArt, connectivity: .four, threads: threads, where: isPaper)
    guard minArea > 1, regions.count > 1,
          eraseLooseInk || minPaperWidth > 0 || regions.areas.dropFirst().contains(where: { $0 < minArea }) else {
        return hardThreshold(lineArt)
    }
    let width = lineArt.width, height = lineArt.height
    // With two threads per photo the slivers are found on the second (on one thread there)
    // while this one floods the ink and builds the region graph: neither needs the other.
    let sliversBeside = threads > 1 && minPaperWidth > 0
        ? startOnSecondThread { sliverRegions(lineArt, regions, narrowerThan: minPaperWidth, threads: 1) } : nil
    let owner = nearestRegionLabels(regions)

    var graph = RegionGraph(count: regions.count, areas: regions.areas, owner: owner, width: width, height: height,
                            threads: threads)
    let holes = (1...regions.count).filter { regions.areas[$0] < fillBelow }
    let slivers = (sliversBeside?.wait() ?? sliverRegions(lineArt, regions, narrowerThan: minPaperWidth, threads: 1))
        .subtracting(holes)
    let small = (1...regions.count).filter { regions.areas[$0] < minArea && regions.areas[$0] >= fillBelow }
    let large = regions.count - small.count - holes.count - slivers.filter { regions.areas[$0] >= minArea }.count
    let kept = Set(small.filter { !slivers.contains($0) }
        .filter { isCompactShape(area: regions.areas[$0], bounds: regions.bounds[$0], thickness: thickness) }
        .sorted { (regions.areas[$0], -$0) > (regions.areas[$1], -$1) }
        .prefix(Int(Double(large) * keepShare)))
    let order = Set(small).union(slivers).subtracting(kept).sorted { (regions.areas[$0], $0) < (regions.areas[$1], $1) }
    var merged = false
    /// Merges region `label` into its longest-boundary neighbour whatever its area (a sliver, a
    /// pin-hole), unless a smaller region's merges already took it into a larger one: its
    /// root is then that whole region, which would join another whole.
    func mergeIfStillAlone(_ label: Int) {
        let root = graph.find(label)
        guard graph.area[root] == regions.areas[label], let target = graph.longestBoundaryNeighbour(of: root) else { return }
        graph.union(root, target)
        merged = true
    }
    for label in order {
        if slivers.contains(label) { mergeIfStillAlone(label) }
        while true {
            let root = graph.find(label)
            guard graph.area[root] < minArea, let target = graph.longestBoundaryNeighbour(of: root) else { break }
            graph.union(root, target)
            merged = true
        }
    }
    var output = hardThreshold(lineArt)
    if eraseLooseInk {
        // Holes first, so erased ink that only meets a hole does not count as joining paper.
        // A filled hole belongs to its neighbour with the longest shared boundary, so the
        // ink between them separates nothing and goes like other loose ink: a speck of a
        // region alone in the paper (outlined, then filled) vanishes instead of staying as a
        // blot, and a hole inside a line leaves that line one stroke wide, not a lump. Ink
        // erased there joins the neighbour's paper, never a paper island of its own.
        holes.forEach(mergeIfStillAlone)
        if !holes.isEmpty { fill(holes, of: regions, in: &output) }
        eraseMergedBoundaries(&output, owner: owner, graph: &graph, thickness: thickness, looseInkToo: true,
                              threads: threads)
        return output
    }
    if merged {
        eraseMergedBoundaries(&output, owner: owner, graph: &graph, thickness: thickness, looseInkToo: false,
                              threads: threads)
    }
    if !holes.isEmpty { fill(holes, of: regions, in: &output) }
    return output
}

/// Erases the ink within `thickness / 2 + 1` pixels of a boundary between regions that are
/// now one, unless it is that close to a boundary between regions still apart; with
/// `looseInkToo`, all ink that is not that close to a boundary between regions still apart.
private func eraseMergedBoundaries(_ output: inout ByteImage, owner: [Int32], graph: inout RegionGraph,
                                   thickness: Int, looseInkToo: Bool, threads: Int) {
    let width = output.width, height = output.height
    let labelCount = graph.parent.count - 1
    // Each label's merged root, looked up once per label rather than once per pixel.
    var rootOf = [Int32](repeating: 0, count: labelCount + 1)
    for label in 1...labelCount { rootOf[label] = Int32(graph.find(label)) }
    var mergedOwner = owner
    rootOf.withUnsafeBufferPointer { rootOf in
        mergedOwner.withUnsafeMutableBufferPointer { merged in
            for i in 0..<merged.count { merged[i] = rootOf[Int(merged[i])] }
        }
    }
    let reach = thickness / 2 + 1
    let nearAfter = nearBoundary(mergedOwner, width: width, height: height, reach: reach, threads: threads)
    // Loose ink needs only the boundaries still apart; otherwise those the merges removed too.
    let nearBefore = looseInkToo ? [] : nearBoundary(owner, width: width, height: height, reach: reach, threads: threads)
    nearAfter.withUnsafeBufferPointer { na in
    nearBefore.withUnsafeBufferPointer { nb in
    output.samples.withUnsafeMutableBufferPointer { out in
        if looseInkToo {
            eraseLooseInk(out, nearKept: na, width: width, height: height, threads: threads)
        } else {
            for i in 0..<out.count where out[i] == 0 && nb[i] != 0 && na[i] == 0 { out[i] = 255 }
        }
    }
    }
    }
}

/// 1 where a boundary of `owner` (a change of label to the right or below) is within
/// `reach` pixels, 0 elsewhere.
private func nearBoundary(_ owner: [Int32], width: Int, height: Int, reach: Int, threads: Int) -> [UInt8] {
    let n = width * height
    // Where the owner changes (both sides marked); ink (owner 0) takes part in no change.
    var boundary = [UInt8](repeating: 0, count: n)
    owner.withUnsafeBufferPointer { owner in
        boundary.withUnsafeMutableBufferPointer { mark in
            markLabelChanges(owner, width: width, height: height, ignoring: 0, into: mark.baseAddress!, threads: threads)
        }
    }
    var near = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
    boundary.withUnsafeBufferPointer { b in
        near.withUnsafeMutableBufferPointer { out in
            markWithinDisk(b.baseAddress!, targets: 1...1, width: width, height: height, radius: reach,
                           out: out.baseAddress!, threads: threads)
        }
    }
    return near
}

/// Erases the ink not marked in `nearKept`, except where the erased pixels would form paper
/// of their own (the inside of a thick blob of ink): erased pixels stay erased only when
/// they join paper that was already there, so no new region appears.
private func eraseLooseInk(_ out: UnsafeMutableBufferPointer<UInt8>, nearKept: UnsafeBufferPointer<UInt8>,
                           width: Int, height: Int, threads: Int) {
    var erased = ByteImage(width: width, height: height, repeating: 0)
    var any = false
    erased.samples.withUnsafeMutableBufferPointer { e in
        for i in 0..<out.count where out[i] == 0 && nearKept[i] == 0 {
            e[i] = 255
            any = true
        }
    }
    guard any else { return }
    let pieces = label(erased, connectivity: .four, threads: threads)
    var joinsPaper = [Bool](repeating: false, count: pieces.count + 1)
    pieces.labels.withUnsafeBufferPointer { lab in
        for i in 0..<lab.count where lab[i] != 0 && !joinsPaper[Int(lab[i])] {
            let x = i % width
            // Paper already there: white in `out` and not itself being erased.
            if (x > 0 && out[i - 1] != 0 && lab[i - 1] == 0) || (x + 1 < width && out[i + 1] != 0 && lab[i + 1] == 0)
                || (i >= width && out[i - width] != 0 && lab[i - width] == 0)
                || (i + width < lab.count && out[i + width] != 0 && lab[i + width] == 0) {
                joinsPaper[Int(lab[i])] = true
            }
        }
        for i in 0..<lab.count where lab[i] != 0 && joinsPaper[Int(lab[i])] { out[i] = 255 }
    }
}

/// Paints the paper of the given region labels as ink.
private func fill(_ holes: [Int], of regions: LabelMap, in output: inout ByteImage) {
    var isHole = [Bool](repeating: false, count: regions.count + 1)
    for label in holes { isHole[label] = true }
    isHole.withUnsafeBufferPointer { isHole in
        regions.labels.withUnsafeBufferPointer { labels in
            output.samples.withUnsafeMutableBufferPointer { out in
                for i in 0..<out.count where isHole[Int(labels[i])] { out[i] = 0 }
            }
        }
    }
}


/// The regions of `lineArt` (labelled `regions`) with no disc of diameter `width` inside
/// them, as ``InscribedDiscs`` measures them; none when `width` is 0 or less.
///
/// A pixel at squared distance `d` from the nearest pixel outside its region (ink, or past
/// the page edge) is the centre of a disc of diameter `2·(√d − 0.5)`, under `width` when
/// `4d < (width + 1)²`. So a region is thin when all its pixels lie within that distance of
/// ink (``markWithinDisk(_:targets:width:height:radius:squaredRadius:out:threads:)``, a few
/// row passes instead of a whole distance transform) or of the page edge.
func sliverRegions(_ lineArt: ByteImage, _ regions: LabelMap, narrowerThan width: Int, threads: Int) -> Set<Int> {
    guard width > 0, regions.count > 0 else { return [] }
    let w = lineArt.width, h = lineArt.height
    let limit = ((width + 1) * (width + 1) - 1) / 4  // the largest d with 4d < (width + 1)²
    let radius = Int(Double(limit).squareRoot())
    var near = [UInt8](repeating: 0, count: w * h)
    lineArt.samples.withUnsafeBufferPointer { src in
        near.withUnsafeMutableBufferPointer { out in
            markWithinDisk(src.baseAddress!, targets: 0...127, width: w, height: h, radius: radius,
                           squaredRadius: limit, out: out.baseAddress!, threads: threads)
        }
    }
    var thick = [Bool](repeating: false, count: regions.count + 1)
    regions.labels.withUnsafeBufferPointer { labels in
        near.withUnsafeBufferPointer { near in
            thick.withUnsafeMutableBufferPointer { thick in
                // Pixels more than `radius` from every page edge are far enough from it.
                let inner = radius + 1
                for y in 0..<h {
                    let edgeY = min(y + 1, h - y)
                    let row = y * w
                    guard edgeY > inner, w > 2 * inner else {
                        for x in 0..<w where near[row + x] == 0 {
                            let edge = min(edgeY, min(x + 1, w - x))
                            if edge * edge > limit { thick[Int(labels[row + x])] = true }
                        }
                        continue
                    }
                    for x in 0..<inner where near[row + x] == 0 && (x + 1) * (x + 1) > limit {
                        thick[Int(labels[row + x])] = true
                    }
                    for x in inner..<(w - inner) where near[row + x] == 0 { thick[Int(labels[row + x])] = true }
                    for x in (w - inner)..<w where near[row + x] == 0 && (w - x) * (w - x) > limit {
                        thick[Int(labels[row + x])] = true
                    }
                }
            }
        }
    }
    return Set((1...regions.count).filter { !thick[$0] })
}

/// Whether a small paper region reads as a drawn shape (a spot, an eye) rather than a
/// sliver left between two lines: both sides of its bounding box at least `3 · thickness`
/// (and 6 px), and it fills at least 40% of that box.
func isCompactShape(area: Int, bounds: LabelBounds, thickness: Int) -> Bool {
    let side = max(6, 3 * thickness)
    guard bounds.width >= side, bounds.height >= side else { return false }
    return Double(area) >= 0.4 * Double(bounds.width * bounds.height)
}

/// Region adjacency with shared-boundary lengths, under union-find merging.
private struct RegionGraph {
    var parent: [Int]
    var area: [Int]
    var neighbours: [[Int: Int]]

    init(count: Int, areas: [Int], owner: [Int32], width: Int, height: Int, threads: Int) {
        parent = Array(0...count)
        area = areas
        neighbours = Array(repeating: [:], count: count + 1)
        // Each run of contacts between the same two regions is added to the tables once;
        // ink pixels no region reached (owner 0) touch nothing. With two threads per photo
        // the second finds the runs of the lower rows meanwhile: the tables hold sums of
        // lengths, the same however the runs are cut.
        let split = threads > 1 && height >= 64 ? height / 2 : height
        let lowerRuns = split < height ? startOnSecondThread { () -> [(Int32, Int32, Int)] in
            var runs: [(Int32, Int32, Int)] = []
            owner.withUnsafeBufferPointer { o in
                forEachContactRun(o, width: width, height: height, ignoring: 0, rows: split..<height) { runs.append(($0, $1, $2)) }
            }
            return runs
        } : nil
        owner.withUnsafeBufferPointer { o in
            forEachContactRun(o, width: width, height: height, ignoring: 0, rows: 0..<split) { a, b, length in
                add(a, b, length)
            }
        }
        for (a, b, length) in lowerRuns?.wait() ?? [] { add(a, b, length) }
    }

    private mutating func add(_ a: Int32, _ b: Int32, _ length: Int) {
        neighbours[Int(a)][Int(b), default: 0] += length
        neighbours[Int(b)][Int(a), default: 0] += length
    }

    mutating func find(_ label: Int) -> Int {
        var x = label
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    /// The neighbouring root with the longest shared boundary (ties: the larger, then the lower label).
    mutating func longestBoundaryNeighbour(of root: Int) -> Int? {
        var totals: [Int: Int] = [:]
        for (other, length) in neighbours[root] {
            let r = find(other)
            if r != root { totals[r, default: 0] += length }
        }
        neighbours[root] = totals
        var best: (root: Int, length: Int, area: Int)?
        for (r, length) in totals {
            if let b = best, (length, area[r], -r) <= (b.length, b.area, -b.root) { continue }
            best = (r, length, area[r])
        }
        return best?.root
    }

    /// Merges two roots; the smaller neighbour table is folded into the larger.
    mutating func union(_ a: Int, _ b: Int) {
        let (keep, drop) = neighbours[a].count >= neighbours[b].count ? (a, b) : (b, a)
        if keep == drop { return }
        parent[drop] = keep
        area[keep] += area[drop]
        for (other, length) in neighbours[drop] {
            let r = find(other)
            if r != keep { neighbours[keep][r, default: 0] += length }
        }
        neighbours[drop] = [:]
        neighbours[keep][drop] = nil
    }
}
