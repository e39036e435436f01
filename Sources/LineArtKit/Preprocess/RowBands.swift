import Dispatch

/// Splits rows `0..<rows` into `threads` contiguous bands of near-equal height and runs
/// `body` on each band, in parallel when `threads > 1` (on the calling thread otherwise).
/// Bands write disjoint rows, so results do not depend on the number of threads.
func forEachRowBand(rows: Int, threads: Int, _ body: (Range<Int>) -> Void) {
    let bands = max(1, min(threads, rows / 16))   // no band thinner than 16 rows
    if bands == 1 {
        body(0..<rows)
        return
    }
    withoutActuallyEscaping(body) { body in
        let shared = UncheckedSendableBox(body)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            shared.value((rows * band / bands)..<(rows * (band + 1) / bands))
        }
    }
}

/// Lets a band body (which captures raw pointers to disjoint rows) cross into the worker threads.
private struct UncheckedSendableBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A mutable pointer that may be shared by threads writing disjoint parts of its memory.
struct SharedMutablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}
