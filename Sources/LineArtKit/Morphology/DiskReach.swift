/// Which pixels lie within Euclidean distance `radius` of a target pixel: exactly the
/// pixels whose squared distance transform (``DistanceTransform``) is `<= radius²`,
/// computed without the full transform, in O(width × height × (2·radius + 1)) byte steps.
///
/// 1. Down and up sweeps give each pixel the distance to the nearest target in its own
///    column, capped at `radius + 1` (farther is out of reach anyway), as a byte.
/// 2. A pixel is within reach when some column `x + dx`, `|dx| <= radius`, has a target
///    no more than `⌊√(radius² − dx²)⌋` rows away: the disk read as one vertical
///    half-extent per column offset. Each offset is one pass over the row.
///
/// Column sweeps run on column bands and the row pass on row bands, on up to `threads`
/// threads (default: the photo's, see ``PhotoThreads``); the result does not depend on it.
///
/// - Parameters:
///   - source: `width * height` bytes; a pixel is a target when its byte is in `targets`.
///   - out: `width * height` bytes; receives 1 within reach, 0 elsewhere.
///   - squaredRadius: reach squared distances up to this instead of `radius²` (at least
///     `radius²` and under `(radius + 1)²`), for a disk whose radius is not a whole number.
/// - Precondition: `0 <= radius < 255`.
func markWithinDisk(_ source: UnsafePointer<UInt8>, targets: ClosedRange<UInt8>, width: Int, height: Int,
                    radius: Int, squaredRadius: Int? = nil, out: UnsafeMutablePointer<UInt8>,
                    threads: Int = PhotoThreads.count) {
    precondition(radius >= 0 && radius < 255, "disk radius out of range")
    let r2 = squaredRadius ?? radius * radius
    precondition(r2 >= radius * radius && r2 < (radius + 1) * (radius + 1), "squared radius out of range")
    guard width > 0, height > 0 else { return }
    let column = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
    defer { column.deallocate() }
    let shared = SharedMutablePointer(base: column)
    // Pass 1, on bands of at least 64 columns.
    let columnBands = rowBandRanges(rows: width, threads: min(threads, max(1, width / 64)))
    forEachBand(count: columnBands.count) { band in
        columnDistances(source, targets: targets, width: width, height: height, columns: columnBands[band],
                        cap: UInt8(radius + 1), into: shared.base)
    }
    // Pass 2: per column offset dx, the farthest vertical distance still inside the disk.
    let limit = (0...radius).map { dx -> UInt8 in
        var h = 0
        while (h + 1) * (h + 1) + dx * dx <= r2 { h += 1 }
        return UInt8(h)
    }
    limit.withUnsafeBufferPointer { limit in
        forEachRowBand(rows: height, threads: threads) { rows in
            for y in rows {
                let row = shared.base + y * width, dst = out + y * width
                let lim0 = limit[0]
                for x in 0..<width { dst[x] = row[x] <= lim0 ? 1 : 0 }
                if radius == 0 { continue }
                for dx in 1...radius {
                    guard dx < width else { break }
                    let lim = limit[dx]
                    // Target column to the right (x + dx) and to the left (x - dx).
                    for x in 0..<(width - dx) { dst[x] |= row[x + dx] <= lim ? 1 : 0 }
                    for x in dx..<width { dst[x] |= row[x - dx] <= lim ? 1 : 0 }
                }
            }
        }
    }
}

/// Pass 1 of ``markWithinDisk(_:targets:width:height:radius:out:threads:)`` on `columns`:
/// each pixel's distance to the nearest target in its column (down sweep: at or above;
/// up sweep: or below, if closer), capped at `cap`.
private func columnDistances(_ source: UnsafePointer<UInt8>, targets: ClosedRange<UInt8>, width: Int, height: Int,
                             columns: Range<Int>, cap: UInt8, into column: UnsafeMutablePointer<UInt8>) {
    // In range as one unsigned comparison (wrapping), so the loops stay branch-free; every
    // loop runs over `count` bytes from the band's first column, so it vectorises.
    let lo = targets.lowerBound, span = targets.upperBound &- targets.lowerBound
    let x0 = columns.lowerBound, count = columns.count
    do {
        let row = column + x0, src = source + x0
        for i in 0..<count { row[i] = src[i] &- lo <= span ? 0 : cap }
    }
    if height > 1 {
        for y in 1..<height {
            let row = column + y * width + x0, up = row - width, src = source + y * width + x0
            for i in 0..<count { row[i] = src[i] &- lo <= span ? 0 : min(cap, up[i] &+ 1) }
        }
        var y = height - 2
        while y >= 0 {
            let row = column + y * width + x0, down = row + width
            for i in 0..<count { row[i] = min(row[i], down[i] &+ 1) }
            y -= 1
        }
    }
}
