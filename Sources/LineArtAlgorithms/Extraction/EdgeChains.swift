import LineArtImage

/// Removal of short edge chains (texture stipple).

/// Removes 8-connected components of an edge map (255 = edge, 1 channel) that have fewer than
/// `minimumLength` pixels, or whose bounding box is narrower than `minimumExtent` along both
/// axes (small closed loops: seeds, pores, specks). Both measures are monotone under
/// inclusion, so a larger edge set never loses a chain that a smaller one keeps. Labelling is
/// an iterative stack-based flood fill, O(pixels).
/// - Returns: the filtered edge map (255 = edge, 0 = none).
package func removeShortChains(_ edges: ByteImage, minimumLength: Int, minimumExtent: Int = 0) -> ByteImage {
    guard minimumLength > 1 || minimumExtent > 1 else { return edges }
    let w = edges.width, h = edges.height, n = w * h
    var result = edges
    var visited = [Bool](repeating: false, count: n)
    var stack = [Int32](); stack.reserveCapacity(1024)
    var component = [Int32](); component.reserveCapacity(1024)
    result.samples.withUnsafeMutableBufferPointer { e in
        visited.withUnsafeMutableBufferPointer { seen in
            for start in 0..<n where e[start] != 0 && !seen[start] {
                component.removeAll(keepingCapacity: true)
                seen[start] = true
                stack.append(Int32(start))
                var minX = w, maxX = 0, minY = h, maxY = 0
                while let top = stack.popLast() {
                    component.append(top)
                    let p = Int(top), px = p % w, py = p / w
                    minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
                    for ny in max(0, py - 1)...min(h - 1, py + 1) {
                        for nx in max(0, px - 1)...min(w - 1, px + 1) {
                            let q = ny * w + nx
                            if e[q] != 0 && !seen[q] { seen[q] = true; stack.append(Int32(q)) }
                        }
                    }
                }
                let extent = max(maxX - minX, maxY - minY) + 1
                if component.count < minimumLength || extent < minimumExtent {
                    for p in component { e[Int(p)] = 0 }
                }
            }
        }
    }
    return result
}
