/// Smooths the borders of a label image: each pixel takes the label held by the most
/// pixels of its 3x3 neighbourhood (ties keep the pixel's own label). Repeated passes
/// straighten the staircase and hairy borders a segmentation leaves on textured areas,
/// so the outlines drawn from it are calm lines; a segment thinner than two pixels can
/// vanish, which the later merge of small regions would do anyway.
func majorityFilter(_ labels: [Int32], width: Int, height: Int, passes: Int) -> [Int32] {
    guard width > 2, height > 2, passes > 0 else { return labels }
    var current = labels
    var next = labels
    for _ in 0..<passes {
        current.withUnsafeBufferPointer { src in
            next.withUnsafeMutableBufferPointer { dst in
                var candidates = [Int32](repeating: 0, count: 9)
                var votes = [Int](repeating: 0, count: 9)
                candidates.withUnsafeMutableBufferPointer { cand in
                    votes.withUnsafeMutableBufferPointer { vote in
                        for y in 1..<(height - 1) {
                            for x in 1..<(width - 1) {
                                let i = y * width + x
                                let own = src[i]
                                // Fast path: a pixel whose 4 neighbours agree with it stays.
                                if src[i - 1] == own && src[i + 1] == own && src[i - width] == own && src[i + width] == own {
                                    dst[i] = own
                                    continue
                                }
                                var distinct = 0
                                for dy in -1...1 {
                                    for dx in -1...1 {
                                        let l = src[i + dy * width + dx]
                                        var k = 0
                                        while k < distinct && cand[k] != l { k += 1 }
                                        if k == distinct { cand[k] = l; vote[k] = 0; distinct += 1 }
                                        vote[k] += 1
                                    }
                                }
                                var best = own
                                var bestVotes = 0
                                for k in 0..<distinct where vote[k] > bestVotes || (vote[k] == bestVotes && cand[k] == own) {
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
        swap(&current, &next)
    }
    return current
}
