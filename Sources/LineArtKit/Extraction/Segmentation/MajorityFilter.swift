/// Smooths the borders of a label image: each pixel takes the label held by the most
/// pixels of its 3x3 neighbourhood (ties keep the pixel's own label). Repeated passes
/// straighten the staircase and hairy borders a segmentation leaves on textured areas,
/// so the outlines drawn from it are calm lines; a segment thinner than two pixels can
/// vanish, which the later merge of small regions would do anyway.
///
/// Rows are filtered in bands on up to `threads` threads (default: the photo's, see
/// ``PhotoThreads``); every pass reads the previous pass only, so the result does not
/// depend on the thread count.
func majorityFilter(_ labels: [Int32], width: Int, height: Int, passes: Int,
                    threads: Int = PhotoThreads.count) -> [Int32] {
    guard width > 2, height > 2, passes > 0 else { return labels }
    var current = labels
    var next = labels   // the border rows and columns never change
    for _ in 0..<passes {
        current.withUnsafeBufferPointer { src in
            next.withUnsafeMutableBufferPointer { dst in
                let out = SharedMutablePointer(base: dst.baseAddress!)
                forEachRowBand(rows: height - 2, threads: threads, bandsPerThread: 4) { band in
                    majorityRows((band.lowerBound + 1)..<(band.upperBound + 1), src: src, dst: out.base, width: width)
                }
            }
        }
        swap(&current, &next)
    }
    return current
}

/// One majority pass over the interior pixels of rows `rows` (which exclude the first and
/// last row), from `src` into `dst`.
private func majorityRows(_ rows: Range<Int>, src: UnsafeBufferPointer<Int32>, dst: UnsafeMutablePointer<Int32>,
                          width: Int) {
    // The distinct labels of one 3x3 window and their votes.
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 9) { cand in
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 9) { vote in
        /// The majority of pixel `i`'s 3x3 window into `dst[i]`.
        @inline(__always) func majority(_ i: Int) {
            let own = src[i]
            // Fast path: a pixel whose 4 neighbours agree with it stays.
            if src[i - 1] == own && src[i + 1] == own && src[i - width] == own && src[i + width] == own {
                dst[i] = own
                return
            }
            // Own label on 5 or more of the 9 pixels: it is the strict majority.
            let up = i - width, down = i + width
            var ownVotes = 1
            ownVotes &+= (src[up - 1] == own ? 1 : 0) &+ (src[up] == own ? 1 : 0) &+ (src[up + 1] == own ? 1 : 0)
            ownVotes &+= (src[i - 1] == own ? 1 : 0) &+ (src[i + 1] == own ? 1 : 0)
            ownVotes &+= (src[down - 1] == own ? 1 : 0) &+ (src[down] == own ? 1 : 0) &+ (src[down + 1] == own ? 1 : 0)
            if ownVotes >= 5 {
                dst[i] = own
                return
            }
            var distinct = 0
            for dy in -1...1 {
                for dx in -1...1 {
                    let l = src[i + dy * width + dx]
                    var k = 0
                    while k < distinct && cand[k] != l { k += 1 }
                    if k == distinct { cand[k] = l; vote[k] = 0; distinct += 1 }
                    vote[k] += 1
                }
            }
            var best = own
            var bestVotes = 0
            for k in 0..<distinct where vote[k] > bestVotes || (vote[k] == bestVotes && cand[k] == own) {
                best = cand[k]
                bestVotes = vote[k]
            }
            dst[i] = best
        }
        let base = UnsafeRawPointer(src.baseAddress!), out = UnsafeMutableRawPointer(dst)
        let lane = MemoryLayout<Int32>.stride, rowBytes = width * lane
        for y in rows {
            var x = 1
            while x < width - 1 {
                // 8 pixels at a time: those whose 4 neighbours all have their label stay as
                // they are (the single pixel's fast path, 8 at once); the others vote.
                let end = min(x + 8, width - 1)
                let i = y * width + x
                if end == x + 8 {
                    let at = i * lane
                    let own = base.loadUnaligned(fromByteOffset: at, as: SIMD8<Int32>.self)
                    let left = base.loadUnaligned(fromByteOffset: at - lane, as: SIMD8<Int32>.self)
                    let right = base.loadUnaligned(fromByteOffset: at + lane, as: SIMD8<Int32>.self)
                    let up = base.loadUnaligned(fromByteOffset: at - rowBytes, as: SIMD8<Int32>.self)
                    let down = base.loadUnaligned(fromByteOffset: at + rowBytes, as: SIMD8<Int32>.self)
                    let stays = (own .== left) .& (own .== right) .& (own .== up) .& (own .== down)
                    out.storeBytes(of: own, toByteOffset: at, as: SIMD8<Int32>.self)
                    if !all(stays) {
                        for k in 0..<8 where !stays[k] { majority(i + k) }
                    }
                } else {
                    for j in i..<(i + end - x) { majority(j) }
                }
                x = end
            }
        }
    }
    }
}
