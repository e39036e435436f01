import LineArtImage

/// Running maximum / minimum over a sliding window with the van Herk/Gil-Werman algorithm.
///
/// For a window of `s = before + after + 1` samples the line is cut into blocks of `s`
/// samples; a forward prefix extremum `g` inside each block and a backward suffix extremum
/// `h` inside each block give every window's extremum as `op(h[start], g[end])`, because a
/// window of `s` samples spans at most two blocks. That is 3 comparisons per sample whatever
/// `s` is. Samples outside the line are *ignored* (the window is clipped to the line), which
/// is implemented by padding with the operation's neutral value (0 for max, 255 for min).
///
/// The 2-D entry points filter a row-major `UInt8` plane along rows (one line at a time,
/// contiguous) or along columns (in strips of adjacent columns, so every step is a
/// contiguous, vectorisable run of bytes instead of a cache-hostile strided walk).
package enum VanHerkGilWerman {
    /// `result[i] = max(input[i - before ... i + after])`, the window clipped to the input.
    package static func runningMax(_ input: [UInt8], before: Int, after: Int) -> [UInt8] {
        running(MaxOp.self, input, before: before, after: after)
    }

    /// `result[i] = min(input[i - before ... i + after])`, the window clipped to the input.
    package static func runningMin(_ input: [UInt8], before: Int, after: Int) -> [UInt8] {
        running(MinOp.self, input, before: before, after: after)
    }

    private static func running<Op: ExtremumOp>(
        _ op: Op.Type, _ input: [UInt8], before: Int, after: Int
    ) -> [UInt8] {
        precondition(before >= 0 && after >= 0, "window extents must be >= 0")
        let n = input.count
        guard n > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: n)
        let (b, a) = clampedExtents(before: before, after: after, count: n)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * (n + b + a))
        defer { scratch.deallocate() }
        input.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                filterLine(Op.self, src: src.baseAddress!, dst: dst.baseAddress!, count: n,
                           before: b, after: a, g: scratch, h: scratch + (n + b + a))
            }
        }
        return output
    }

    // MARK: - 2-D planes

    /// Filters every row of a `width`×`height` plane: `dst[y][x] = op(src[y][x-before ... x+after])`.
    /// `src` and `dst` may not overlap. Rows are split into bands on up to `threads` threads;
    /// each row is independent of the others.
    static func filterRows<Op: ExtremumOp>(
        _ op: Op.Type, src: UnsafePointer<UInt8>, dst: UnsafeMutablePointer<UInt8>,
        width: Int, height: Int, before: Int, after: Int, threads: Int
    ) {
        guard width > 0, height > 0 else { return }
        let (b, a) = clampedExtents(before: before, after: after, count: width)
        if b + a == 0 {
            dst.update(from: src, count: width * height)
            return
        }
        let out = SharedMutablePointer(base: dst)
        forEachRowBand(rows: height, threads: threads) { rows in
            filterRowBand(Op.self, src: src, dst: out.base, width: width, rows: rows, before: b, after: a)
        }
    }

    /// ``filterRows(_:src:dst:width:height:before:after:threads:)`` on rows `rows`, with
    /// extents already clamped.
    private static func filterRowBand<Op: ExtremumOp>(
        _ op: Op.Type, src: UnsafePointer<UInt8>, dst: UnsafeMutablePointer<UInt8>,
        width: Int, rows: Range<Int>, before b: Int, after a: Int
    ) {
        let m = width + b + a
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * m)
        defer { scratch.deallocate() }
        if b + a + 1 <= directWindowLimit {
            // Short window: the row padded with neutrals, then one vectorised pass per offset.
            scratch.update(repeating: Op.neutral, count: b)
            (scratch + b + width).update(repeating: Op.neutral, count: a)
            for y in rows {
                (scratch + b).update(from: src + y * width, count: width)
                let out = dst + y * width
                out.update(from: scratch, count: width)
                for k in 1...(b + a) {
                    let shifted = scratch + k
                    for x in 0..<width { out[x] = Op.pick(out[x], shifted[x]) }
                }
            }
            return
        }
        for y in rows {
            filterLine(Op.self, src: src + y * width, dst: dst + y * width, count: width,
                       before: b, after: a, g: scratch, h: scratch + m)
        }
    }

    /// Windows of at most this many samples are filtered directly (`s - 1` vectorised
    /// extrema per sample), which beats the three scalar steps of van Herk/Gil-Werman.
    static var directWindowLimit: Int { 8 }

    /// Filters every column of a `width`×`height` plane: `dst[y][x] = op(src[y-before ... y+after][x])`.
    /// `src` and `dst` may not overlap. Short windows split the output rows into bands on up
    /// to `threads` threads.
    static func filterColumns<Op: ExtremumOp>(
        _ op: Op.Type, src: UnsafePointer<UInt8>, dst: UnsafeMutablePointer<UInt8>,
        width: Int, height: Int, before: Int, after: Int, threads: Int
    ) {
        guard width > 0, height > 0 else { return }
        let (b, a) = clampedExtents(before: before, after: after, count: height)
        if b + a == 0 {
            dst.update(from: src, count: width * height)
            return
        }
        let s = b + a + 1
        if s <= directWindowLimit {
            let shared = SharedMutablePointer(base: dst)
            forEachRowBand(rows: height, threads: threads) { rows in
                filterColumnBandDirect(Op.self, src: src, dst: shared.base, width: width, height: height,
                                       rows: rows, before: b, after: a)
            }
            return
        }
        let m = height + s - 1  // extended column length, padded with `before` / `after` neutrals
        // Strip of adjacent columns: wide enough for long contiguous runs, narrow enough that
        // the two m×strip scratch planes stay in L2.
        let strip = min(width, max(64, ((128 * 1024) / m) & ~15))
        let g = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * m * strip)
        defer { g.deallocate() }
        let h = g + m * strip

        var x0 = 0
        while x0 < width {
            let sw = min(strip, width - x0)
            // Extended strip in g: rows [0, b) and [b+height, m) neutral, the rest copied.
            g.update(repeating: Op.neutral, count: b * sw)
            for y in 0..<height {
                (g + (b + y) * sw).update(from: src + y * width + x0, count: sw)
            }
            (g + (b + height) * sw).update(repeating: Op.neutral, count: a * sw)

            // Backward suffix extrema within blocks [k*s, k*s + s) into h.
            var blockStart = 0
            while blockStart < m {
                let blockEnd = min(blockStart + s, m)  // exclusive
                let last = blockEnd - 1
                (h + last * sw).update(from: g + last * sw, count: sw)
                var j = last - 1
                while j >= blockStart {
                    let hj = h + j * sw, hn = h + (j + 1) * sw, gj = g + j * sw
                    for x in 0..<sw { hj[x] = Op.pick(hn[x], gj[x]) }
                    j -= 1
                }
                blockStart = blockEnd
            }
            // Forward prefix extrema within blocks, in place in g.
            blockStart = 0
            while blockStart < m {
                let blockEnd = min(blockStart + s, m)
                var j = blockStart + 1
                while j < blockEnd {
                    let gj = g + j * sw, gp = g + (j - 1) * sw
                    for x in 0..<sw { gj[x] = Op.pick(gp[x], gj[x]) }
                    j += 1
                }
                blockStart = blockEnd
            }
            // Window of output row y is extended rows [y, y + s - 1].
            for y in 0..<height {
                let out = dst + y * width + x0, hy = h + y * sw, gy = g + (y + s - 1) * sw
                for x in 0..<sw { out[x] = Op.pick(hy[x], gy[x]) }
            }
            x0 += sw
        }
    }

    /// Short-window column filter for output rows `rows`: each is the extremum of the input
    /// rows it covers (clipped to the plane), one contiguous vectorised pass per covered row.
    private static func filterColumnBandDirect<Op: ExtremumOp>(
        _ op: Op.Type, src: UnsafePointer<UInt8>, dst: UnsafeMutablePointer<UInt8>,
        width: Int, height: Int, rows: Range<Int>, before b: Int, after a: Int
    ) {
        for y in rows {
            let first = max(0, y - b), last = min(height - 1, y + a)
            let out = dst + y * width
            out.update(from: src + first * width, count: width)
            if last > first {
                for r in (first + 1)...last {
                    let row = src + r * width
                    for x in 0..<width { out[x] = Op.pick(out[x], row[x]) }
                }
            }
        }
    }

    // MARK: - Core

    /// Clipping the window to the line lets extents be capped at `count - 1`: a window that
    /// already reaches past an end covers the same samples however much further it reaches.
    @inline(__always)
    static func clampedExtents(before: Int, after: Int, count: Int) -> (Int, Int) {
        (min(before, max(count - 1, 0)), min(after, max(count - 1, 0)))
    }

    /// One line of `count` samples; `g` and `h` have room for `count + before + after` each.
    /// Requires `before, after <= count - 1` (see `clampedExtents`).
    @inline(__always)
    static func filterLine<Op: ExtremumOp>(
        _ op: Op.Type, src: UnsafePointer<UInt8>, dst: UnsafeMutablePointer<UInt8>, count n: Int,
        before b: Int, after a: Int,
        g: UnsafeMutablePointer<UInt8>, h: UnsafeMutablePointer<UInt8>
    ) {
        let s = b + a + 1
        if s == 1 {
            dst.update(from: src, count: n)
            return
        }
        let m = n + s - 1
        g.update(repeating: Op.neutral, count: b)
        (g + b).update(from: src, count: n)
        (g + b + n).update(repeating: Op.neutral, count: a)

        var blockStart = 0
        while blockStart < m {
            let blockEnd = min(blockStart + s, m)
            // backward suffix extremum -> h
            var acc = g[blockEnd - 1]
            h[blockEnd - 1] = acc
            var j = blockEnd - 2
            while j >= blockStart {
                acc = Op.pick(acc, g[j])
                h[j] = acc
                j -= 1
            }
            // forward prefix extremum, in place in g
            acc = g[blockStart]
            j = blockStart + 1
            while j < blockEnd {
                acc = Op.pick(acc, g[j])
                g[j] = acc
                j += 1
            }
            blockStart = blockEnd
        }
        for i in 0..<n {
            dst[i] = Op.pick(h[i], g[i + s - 1])
        }
    }
}

/// A commutative, idempotent selection with a neutral element (max with 0, min with 255).
protocol ExtremumOp {
    static var neutral: UInt8 { get }
    static func pick(_ a: UInt8, _ b: UInt8) -> UInt8
}

enum MaxOp: ExtremumOp {
    static var neutral: UInt8 { 0 }
    @inline(__always) static func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { a > b ? a : b }
}

enum MinOp: ExtremumOp {
    static var neutral: UInt8 { 255 }
    @inline(__always) static func pick(_ a: UInt8, _ b: UInt8) -> UInt8 { a < b ? a : b }
}
