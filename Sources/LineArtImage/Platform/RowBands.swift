import Dispatch

/// Splits rows `0..<rows` into `threads` contiguous bands of near-equal height and runs
/// `body` on each band, in parallel when `threads > 1` (on the calling thread otherwise).
/// Bands write disjoint rows, so results do not depend on the number of threads.
///
/// With `bandsPerThread > 1` (and more than one thread) the rows are cut into that many
/// bands per thread, which the threads take as they come free: for steps whose work per
/// row depends on the picture (votes only near segment borders), so a thread whose half
/// holds the busy rows does not leave the other waiting.
package func forEachRowBand(rows: Int, threads: Int, bandsPerThread: Int = 1, _ body: (Range<Int>) -> Void) {
    let bands = rowBandRanges(rows: rows, threads: threads > 1 ? threads * max(1, bandsPerThread) : 1)
    forEachBand(count: bands.count) { body(bands[$0]) }
}

/// The bands ``forEachRowBand(rows:threads:_:)`` uses: `threads` contiguous ranges of
/// near-equal height covering `0..<rows`, fewer when that would make a band thinner than
/// 16 rows, and always at least one.
package func rowBandRanges(rows: Int, threads: Int) -> [Range<Int>] {
    let bands = max(1, min(threads, rows / 16))   // no band thinner than 16 rows
    return (0..<bands).map { (rows * $0 / bands)..<(rows * ($0 + 1) / bands) }
}

/// Runs `body(index)` for every index in `0..<count`, in parallel on the dispatch pool's
/// threads (one per core; free threads take the next index) when `count > 1`, on the
/// calling thread otherwise.
package func forEachBand(count: Int, _ body: (Int) -> Void) {
    if count <= 1 {
        if count == 1 { body(0) }
        return
    }
    withoutActuallyEscaping(body) { body in
        let shared = UncheckedSendableBox(body)
        DispatchQueue.concurrentPerform(iterations: count) { shared.value($0) }
    }
}

/// `body(index)` for every index in `0..<count`, the results in index order: side by side
/// (``forEachBand(count:_:)``) when `threads` > 1, one after the other otherwise.
package func mapBands<T>(count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
    guard threads > 1, count > 1 else { return (0..<count).map(body) }
    var results = [T?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { out in
        let shared = SharedMutablePointer(base: out.baseAddress!)
        forEachBand(count: count) { shared.base[$0] = body($0) }
    }
    return results.map { $0! }
}

/// Lets a band body (which captures raw pointers to disjoint rows) cross into the worker threads.
private struct UncheckedSendableBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A mutable pointer that may be shared by threads writing disjoint parts of its memory.
package struct SharedMutablePointer<T>: @unchecked Sendable {
    package let base: UnsafeMutablePointer<T>
    package init(base: UnsafeMutablePointer<T>) { self.base = base }
}
