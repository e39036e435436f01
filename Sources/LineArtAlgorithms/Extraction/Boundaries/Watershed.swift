/// Watershed by immersion (Vincent & Soille 1991, without watershed lines): the relief is
/// flooded from its lowest pixels up, each pixel joining the basin of its lowest labelled
/// 4-neighbour, and a pixel with no labelled neighbour when its level is reached starts a
/// basin of its own (a local minimum). Every pixel gets a basin; the borders between basins
/// follow the crests of the relief.
///
/// The relief is quantised to `levels` steps between its minimum and maximum and the pixels
/// are visited level by level in row-major order (a counting sort), so the run is O(pixels).
/// A plateau may split into several basins; the merging that follows joins them across
/// their weak borders.
/// - Returns: basin labels `0..<count`, row-major.
package func watershedBasins(_ relief: [Float], width: Int, height: Int,
                            levels: Int = 1024) -> (labels: [Int32], count: Int) {
    let n = width * height
    precondition(relief.count == n, "relief must have width × height values")
    guard n > 0 else { return ([], 0) }
    let low = relief.min()!, high = relief.max()!
    let scale = high > low ? Float(levels - 1) / (high - low) : 0
    var level = [Int32](repeating: 0, count: n)
    var histogram = [Int](repeating: 0, count: levels + 1)
    for i in 0..<n {
        let q = Int32(min(Float(levels - 1), ((relief[i] - low) * scale).rounded(.down)))
        level[i] = q
        histogram[Int(q) + 1] += 1
    }
    for q in 1...levels { histogram[q] += histogram[q - 1] }
    var order = [Int32](repeating: 0, count: n)
    for i in 0..<n {
        let q = Int(level[i])
        order[histogram[q]] = Int32(i)
        histogram[q] += 1
    }
    var labels = [Int32](repeating: -1, count: n)
    var count: Int32 = 0
    for pixel in order {
        let i = Int(pixel), x = i % width
        var best: Int32 = -1, bestLevel = Int32.max
        @inline(__always) func consider(_ j: Int) {
            let l = labels[j]
            if l >= 0 && level[j] < bestLevel { best = l; bestLevel = level[j] }
        }
        if x > 0 { consider(i - 1) }
        if x + 1 < width { consider(i + 1) }
        if i >= width { consider(i - width) }
        if i + width < n { consider(i + width) }
        if best < 0 {
            best = count
            count += 1
        }
        labels[i] = best
    }
    return (labels, Int(count))
}
