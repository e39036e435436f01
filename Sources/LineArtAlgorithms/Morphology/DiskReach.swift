import LineArtImage

/// Which pixels lie within Euclidean distance `radius` of a target pixel: exactly the
/// pixels whose squared distance transform (``DistanceTransform``) is `<= radius²`,
/// computed without the full transform, in O(width × height × (2·radius + 1)) byte steps.
///
/// 1. Down and up sweeps give each pixel the distance to the nearest target in its own
///    column, capped at `radius + 1` (farther is out of reach anyway), as a byte.
/// 2. A pixel is within reach when some column `x + dx`, `|dx| <= radius`, has a target
///    no more than `⌊√(radius² − dx²)⌋` rows away: the disk read as one vertical
///    half-extent per column offset, one comparison per offset.
///
/// Both steps work on 16 bytes at a time (`SIMD16<UInt8>`) wherever a whole run of 16 fits.
///
/// Column sweeps run on column bands and the row pass on row bands, on up to `threads`
/// threads; the result does not depend on it.
///
/// - Parameters:
///   - source: `width * height` bytes; a pixel is a target when its byte is in `targets`.
///   - out: `width * height` bytes; receives 1 within reach, 0 elsewhere.
///   - squaredRadius: reach squared distances up to this instead of `radius²` (at least
///     `radius²` and under `(radius + 1)²`), for a disk whose radius is not a whole number.
/// - Precondition: `0 <= radius < 255`.
func markWithinDisk(_ source: UnsafePointer<UInt8>, targets: ClosedRange<UInt8>, width: Int, height: Int,
                    radius: Int, squaredRadius: Int? = nil, out: UnsafeMutablePointer<UInt8>,
                    threads: Int) {
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
                reachRow(shared.base + y * width, limit: limit, width: width, radius: radius, into: out + y * width)
            }
        }
    }
}

/// Pass 2 of ``markWithinDisk(_:targets:width:height:radius:squaredRadius:out:threads:)`` on one
/// row: `dst[x]` is 1 when some column `x + dx` (`|dx| <= radius`, inside the row) has
/// `row[x + dx] <= limit[|dx|]`, else 0. Runs of 16 pixels whose columns all lie inside the
/// row are done 16 at a time, one vector comparison per offset; the rest pixel by pixel.
private func reachRow(_ row: UnsafePointer<UInt8>, limit: UnsafeBufferPointer<UInt8>, width: Int, radius: Int,
                      into dst: UnsafeMutablePointer<UInt8>) {
    @inline(__always) func pixel(_ x: Int) {
        var hit = row[x] <= limit[0]
        if radius > 0 {
            for dx in 1...radius {
                if x &+ dx < width && row[x &+ dx] <= limit[dx] { hit = true }
                if x &- dx >= 0 && row[x &- dx] <= limit[dx] { hit = true }
            }
        }
        dst[x] = hit ? 1 : 0
    }
    let bytes = UnsafeRawPointer(row), one = SIMD16<UInt8>(repeating: 1), zero = SIMD16<UInt8>(repeating: 0)
    /// Pixels `x ..< x + 16`, whose disks lie inside the row.
    @inline(__always) func sixteen(_ x: Int) {
        var hit = SIMDMask<SIMD16<Int8>>(repeating: false)
        for dx in 0...radius {
            let lim = SIMD16<UInt8>(repeating: limit[dx])
            hit .|= bytes.loadUnaligned(fromByteOffset: x &+ dx, as: SIMD16<UInt8>.self) .<= lim
            if dx > 0 { hit .|= bytes.loadUnaligned(fromByteOffset: x &- dx, as: SIMD16<UInt8>.self) .<= lim }
        }
        UnsafeMutableRawPointer(dst + x).storeBytes(of: zero.replacing(with: one, where: hit), as: SIMD16<UInt8>.self)
    }
    // Pixels whose disks reach past the row's ends one by one, the others 16 at a time
    // (the last 16 may overlap the run before them).
    let left = min(radius, width), right = max(left, width - radius)
    for x in 0..<left { pixel(x) }
    if right - left >= 16 {
        for x in Swift.stride(from: left, to: right - 15, by: 16) { sixteen(x) }
        sixteen(right - 16)
    } else {
        for x in left..<right { pixel(x) }
    }
    for x in right..<width { pixel(x) }
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
    let wide = count & ~15     // columns done 16 at a time; the rest one by one
    let los = SIMD16<UInt8>(repeating: lo), spans = SIMD16<UInt8>(repeating: span)
    let caps = SIMD16<UInt8>(repeating: cap), ones = SIMD16<UInt8>(repeating: 1)
    @inline(__always) func load(_ p: UnsafePointer<UInt8>, _ i: Int) -> SIMD16<UInt8> {
        UnsafeRawPointer(p).loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
    }
    @inline(__always) func store(_ v: SIMD16<UInt8>, _ p: UnsafeMutablePointer<UInt8>, _ i: Int) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, toByteOffset: i, as: SIMD16<UInt8>.self)
    }
    do {
        let row = column + x0, src = source + x0
        for i in Swift.stride(from: 0, to: wide, by: 16) {
            store(caps.replacing(with: 0, where: load(src, i) &- los .<= spans), row, i)
        }
        for i in wide..<count { row[i] = src[i] &- lo <= span ? 0 : cap }
    }
    if height > 1 {
        for y in 1..<height {
            let row = column + y * width + x0, up = UnsafePointer(row - width), src = source + y * width + x0
            for i in Swift.stride(from: 0, to: wide, by: 16) {
                let reach = pointwiseMin(caps, load(up, i) &+ ones)
                store(reach.replacing(with: 0, where: load(src, i) &- los .<= spans), row, i)
            }
            for i in wide..<count { row[i] = src[i] &- lo <= span ? 0 : min(cap, up[i] &+ 1) }
        }
        var y = height - 2
        while y >= 0 {
            let row = column + y * width + x0, down = UnsafePointer(row + width)
            for i in Swift.stride(from: 0, to: wide, by: 16) {
                store(pointwiseMin(load(UnsafePointer(row), i), load(down, i) &+ ones), row, i)
            }
            for i in wide..<count { row[i] = min(row[i], down[i] &+ 1) }
            y -= 1
        }
    }
}
