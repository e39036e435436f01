import CImageCodecs
import Foundation

/// A baseline JPEG decoded by two threads with `cic_jpeg_split_*` (jpeg_split_decode.c),
/// with the same bytes as libjpeg: each thread decodes half of the Huffman-coded data,
/// then half of the rows.
///
/// Used where a photo has two threads, in place of libjpeg on one thread with the
/// preprocessing's first steps consuming its rows on the other (``OverlappedPreprocess``),
/// which left that thread mostly waiting. The rows then come out at once, and the
/// preprocessing runs its ordinary steps on both threads: for the 20 MP sample at 1/4
/// scale, decode plus preprocess took 39 ms this way against 45 ms with the rows consumed
/// as they were made and 53 ms with libjpeg (`lineart bench`, docs/benchmarks.md).
enum JPEGSplitDecode {
    /// Decodes `decoder`'s JPEG (header read, decode not started) into `out`; false when
    /// the split decoder does not take this JPEG (progressive, CMYK, an unusual sampling or
    /// scale, too little data to split) or its data is not whole and clean
    /// (corrupt, truncated, extra bytes before EOI, coefficients no 8-bit encoder makes):
    /// then the decoder is as it was, for libjpeg to decode and report.
    static func decode(decoder: OpaquePointer, into out: UnsafeMutablePointer<UInt8>, stride: Int,
                       part1Start: Double = 0.5) -> Bool {
        guard let created = cic_jpeg_split_create(decoder, part1Start) else { return false }
        let split = SharedSplit(created)
        defer { cic_jpeg_split_destroy(created) }
        guard cic_jpeg_split_can_use_part1(created) != 0 else { return false }
        onTwoThreads { part in cic_jpeg_split_decode_part(split.pointer, Int32(part)) }
        guard Shim.isOK(cic_jpeg_split_finish(created)) else { return false }
        let groups = cic_jpeg_split_groups(created), half = groups / 2
        let target = SharedOutput(out)
        let statuses = StatusPair()
        onTwoThreads { part in
            statuses.set(part, cic_jpeg_split_write_rows(split.pointer, target.pointer, stride,
                                                          part == 0 ? 0 : half, part == 0 ? half : groups))
        }
        return statuses.bothOK
    }

    /// Runs `work(0)` on the calling thread and `work(1)` on a new one (a dedicated
    /// thread, not a Dispatch worker, so it starts even when every worker is busy);
    /// returns when both have.
    private static func onTwoThreads(_ work: @escaping @Sendable (Int) -> Void) {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            work(1)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        work(0)
        finished.wait()
    }

    /// The split decoder, used by both threads at once (its C functions say which calls may).
    private struct SharedSplit: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }

    /// The output buffer; the two threads write disjoint rows.
    private struct SharedOutput: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<UInt8>
        init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
    }

    /// Each thread's status, read once both are done (the semaphore orders the writes).
    private final class StatusPair: @unchecked Sendable {
        private var statuses: [Int32] = [0, 0]
        func set(_ part: Int, _ status: Int32) { statuses[part] = status }
        var bothOK: Bool { statuses.allSatisfy(Shim.isOK) }
    }
}
