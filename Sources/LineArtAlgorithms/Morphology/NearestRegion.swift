import CPixelKernels

/// Assigns every ink pixel to the paper region that reaches it first by a
/// breadth-first flood through the ink (a geodesic Voronoi partition of the ink
/// by the paper regions, 4-connected).
///
/// - Parameter regions: a labelling of the paper (labels 1...n; 0 = ink).
/// - Returns: one label per pixel: a paper pixel keeps its own label, an ink pixel
///   gets its nearest region's label, and ink that no region reaches stays 0.
///   Ties go to the region whose flood arrived first in scan order.
package func nearestRegionLabels(_ regions: LabelMap) -> [Int32] {
    let width = regions.width, height = regions.height
    var owner = regions.labels
    guard width > 0, height > 0 else { return owner }
    var queue = [Int32](repeating: 0, count: width * height)
    owner.withUnsafeMutableBufferPointer { owner in
        queue.withUnsafeMutableBufferPointer { queue in
            // Seed: paper pixels that touch ink, in scan order (cpk_region_seeds, SSE2).
            var tail = cpk_region_seeds(owner.baseAddress!, width, height, 0, height, queue.baseAddress!)
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
