/// Smooths the borders of a label image at a larger scale than ``majorityFilter(_:width:height:passes:)``:
/// each pixel near a border takes the label held by the most pixels of the disc of
/// `radius` around it (ties keep the pixel's own label, then the label met first in
/// row-major order of the disc).
///
/// Borders through texture wander by a few pixels; a 3x3 majority stops at the first
/// stable staircase, a disc of radius 3 irons out those wiggles so outlines read as drawn
/// lines. Convex shapes wider than the disc keep their shape (corners round off); a
/// segment narrower than the disc can vanish.
///
/// Only pixels within `radius` of a border can change, so the cost is
/// O(border pixels · radius²) per pass.
func modeFilter(_ labels: [Int32], width: Int, height: Int, radius: Int, passes: Int) -> [Int32] {
    guard width > 2 * radius, height > 2 * radius, radius > 0, passes > 0 else { return labels }
    var offsets: [(dx: Int, dy: Int)] = []
    for dy in -radius...radius {
        for dx in -radius...radius where dx * dx + dy * dy <= radius * radius { offsets.append((dx, dy)) }
    }
    var current = labels
    var next = labels
    var nearBorder = [Bool](repeating: false, count: labels.count)
    var candidates = [Int32](repeating: 0, count: offsets.count)
    var votes = [Int](repeating: 0, count: offsets.count)
    for _ in 0..<passes {
        markNearBorder(current, width: width, height: height, radius: radius, into: &nearBorder)
        current.withUnsafeBufferPointer { src in
            next.withUnsafeMutableBufferPointer { dst in
                nearBorder.withUnsafeBufferPointer { near in
                    candidates.withUnsafeMutableBufferPointer { cand in
                        votes.withUnsafeMutableBufferPointer { vote in
                            for y in 0..<height {
                                for x in 0..<width {
                                    let i = y * width + x
                                    let own = src[i]
                                    dst[i] = own
                                    guard near[i] else { continue }
                                    var distinct = 0
                                    for (dx, dy) in offsets {
                                        let sx = min(width - 1, max(0, x + dx)), sy = min(height - 1, max(0, y + dy))
                                        let l = src[sy * width + sx]
                                        var k = 0
                                        while k < distinct && cand[k] != l { k += 1 }
                                        if k == distinct { cand[k] = l; vote[k] = 0; distinct += 1 }
                                        vote[k] += 1
                                    }
                                    var best = own
                                    var bestVotes = 0
                                    for k in 0..<distinct where cand[k] == own { bestVotes = vote[k] }
                                    for k in 0..<distinct where vote[k] > bestVotes {
                                        best = cand[k]
                                        bestVotes = vote[k]
                                    }
                                    dst[i] = best
                                }
                            }
                        }
                    }
                }
            }
        }
        swap(&current, &next)
    }
    return current
}

/// Marks every pixel within `radius` (Chebyshev) of a pixel whose right or lower neighbour
/// has another label.
private func markNearBorder(_ labels: [Int32], width: Int, height: Int, radius: Int, into mark: inout [Bool]) {
    labels.withUnsafeBufferPointer { lab in
        mark.withUnsafeMutableBufferPointer { m in
            for i in 0..<m.count { m[i] = false }
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    let differs = (x + 1 < width && lab[i + 1] != lab[i]) || (y + 1 < height && lab[i + width] != lab[i])
                    guard differs else { continue }
                    for yy in max(0, y - radius)...min(height - 1, y + 1 + radius) {
                        let row = yy * width
                        for xx in max(0, x - radius)...min(width - 1, x + 1 + radius) { m[row + xx] = true }
                    }
                }
            }
        }
    }
}
