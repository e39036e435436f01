/// Assigns every ink pixel to the paper region that reaches it first by a
/// breadth-first flood through the ink (a geodesic Voronoi partition of the ink
/// by the paper regions, 4-connected).
///
/// - Parameter regions: a labelling of the paper (labels 1...n; 0 = ink).
/// - Returns: one label per pixel: a paper pixel keeps its own label, an ink pixel
///   gets its nearest region's label, and ink that no region reaches stays 0.
///   Ties go to the region whose flood arrived first in scan order.
public func nearestRegionLabels(_ regions: LabelMap) -> [Int32] {
    let width = regions.width, height = regions.height
    var owner = regions.labels
    guard width > 0, height > 0 else { return owner }
    var queue = [Int32](repeating: 0, count: width * height)
    owner.withUnsafeMutableBufferPointer { owner in
        queue.withUnsafeMutableBufferPointer { queue in
            var tail = 0
            // Seed: paper pixels that touch ink.
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    guard owner[i] != 0 else { continue }
                    if (x > 0 && owner[i - 1] == 0) || (x + 1 < width && owner[i + 1] == 0)
                        || (y > 0 && owner[i - width] == 0) || (y + 1 < height && owner[i + width] == 0) {
                        queue[tail] = Int32(i)
                        tail += 1
                    }
                }
            }
            var head = 0
            while head < tail {
                let i = Int(queue[head])
                head += 1
                let label = owner[i]
                let x = i % width
                @inline(__always) func visit(_ j: Int) {
                    if owner[j] == 0 {
                        owner[j] = label
                        queue[tail] = Int32(j)
                        tail += 1
                    }
                }
                if x > 0 { visit(i - 1) }
                if x + 1 < width { visit(i + 1) }
                if i >= width { visit(i - width) }
                if i + width < width * height { visit(i + width) }
            }
        }
    }
    return owner
}
