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
/// - Parameters:
///   - isTarget: called once per pixel index `y * width + x`.
///   - out: `width * height` bytes; receives 1 within reach, 0 elsewhere.
/// - Precondition: `0 <= radius < 255`.
@inline(__always)
func markWithinDisk(width: Int, height: Int, radius: Int, out: UnsafeMutablePointer<UInt8>,
                    isTarget: (Int) -> Bool) {
    precondition(radius >= 0 && radius < 255, "disk radius out of range")
    guard width > 0, height > 0 else { return }
    let cap = UInt8(radius + 1)
    let column = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
    defer { column.deallocate() }
    // Pass 1a: distance to the nearest target at or above, capped.
    for x in 0..<width { column[x] = isTarget(x) ? 0 : cap }
    if height > 1 {
        for y in 1..<height {
            let row = column + y * width, up = column + (y - 1) * width, base = y * width
            for x in 0..<width {
                row[x] = isTarget(base + x) ? 0 : min(cap, up[x] &+ 1)
            }
        }
        // Pass 1b: or below, if closer.
        var y = height - 2
        while y >= 0 {
            let row = column + y * width, down = column + (y + 1) * width
            for x in 0..<width { row[x] = min(row[x], down[x] &+ 1) }
            y -= 1
        }
    }
    // Pass 2: per column offset dx, the farthest vertical distance still inside the disk.
    let limit = (0...radius).map { dx -> UInt8 in
        var h = 0
        while (h + 1) * (h + 1) + dx * dx <= radius * radius { h += 1 }
        return UInt8(h)
    }
    for y in 0..<height {
        let row = column + y * width, dst = out + y * width
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
