/// Removal of short edge chains (texture stipple).

/// Removes 8-connected components of an edge map (255 = edge) with fewer than `minimumLength`
/// pixels. Component pixel count is used as the chain length, which is monotone: a larger
/// edge set never loses a chain that a smaller one keeps. Labelling is an iterative
/// stack-based flood fill, O(pixels).
/// - Returns: the filtered edge map (255 = edge, 0 = none).
public func removeShortChains(_ edges: ByteImage, minimumLength: Int) -> ByteImage {
    guard minimumLength > 1 else { return edges }
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
                while let top = stack.popLast() {
                    component.append(top)
                    let p = Int(top), px = p % w, py = p / w
                    for ny in max(0, py - 1)...min(h - 1, py + 1) {
                        for nx in max(0, px - 1)...min(w - 1, px + 1) {
                            let q = ny * w + nx
                            if e[q] != 0 && !seen[q] { seen[q] = true; stack.append(Int32(q)) }
                        }
                    }
                }
                if component.count < minimumLength {
                    for p in component { e[Int(p)] = 0 }
                }
            }
        }
    }
    return result
}
