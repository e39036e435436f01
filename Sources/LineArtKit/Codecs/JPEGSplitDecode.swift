import CImageCodecs

/// A baseline JPEG decoded by two threads with `cic_jpeg_split_run` (jpeg_split_decode.c),
/// with the same bytes as libjpeg: each thread decodes half of the Huffman-coded data,
/// then both write the rows as they become final.
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
        let target = SharedMutablePointer(base: out)
        _ = runOnSecondThread(while: { cic_jpeg_split_run(created, 0, out, stride) },
                              { cic_jpeg_split_run(split.pointer, 1, target.base, stride) })
        return Shim.isOK(cic_jpeg_split_result(created))
    }

    /// The split decoder, used by both threads at once (its C functions say which calls may).
    private struct SharedSplit: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }
}
