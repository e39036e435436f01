/// What two segments share: the number of 4-neighbour pixel pairs between them, and the sum
/// of the local colour steps across those pairs (``localColourStep(_:x:y:across:)``).
struct SegmentContact: Sendable, Equatable {
    var length: Int32 = 0
    var stepSum: Float = 0

    /// Mean local colour step (ΔE*ab) across the contacts; 0 without contacts.
    var meanStep: Float { length > 0 ? stepSum / Float(length) : 0 }

    mutating func add(_ other: SegmentContact) {
        length += other.length
        stepSum += other.stepSum
    }
}

/// The colour step across the contact between pixel (x, y) and its right-hand (`across`)
/// or lower neighbour: the distance between the colours of the pixel just before the pair
/// and the pixel just after it (3 pixels apart, clamped at the image edge). A sharp
/// outline counts its full step; a soft gradient only the little it changes over those
/// pixels.
@inline(__always)
func localColourStep(_ colours: UnsafeBufferPointer<Float>, width: Int, height: Int, channels: Int,
                     x: Int, y: Int, across: Bool) -> Float {
    let before = across ? y * width + max(0, x - 1) : max(0, y - 1) * width + x
    let after = across ? y * width + min(width - 1, x + 2) : min(height - 1, y + 2) * width + x
    var sum: Float = 0
    for c in 0..<channels {
        let d = colours[before * channels + c] - colours[after * channels + c]
        sum += d * d
    }
    return sum.squareRoot()
}

/// ``localColourStep(_:width:height:channels:x:y:across:)`` over one image, for scans that
/// read it on two threads (it only reads).
struct LocalColourSteps: @unchecked Sendable {
    let colours: UnsafeBufferPointer<Float>
    let width: Int
    let height: Int
    let channels: Int

    @inline(__always)
    func callAsFunction(_ x: Int, _ y: Int, _ across: Bool) -> Float {
        localColourStep(colours, width: width, height: height, channels: channels, x: x, y: y, across: across)
    }
}

/// The contact runs of a scan between segments, kept in scan order and then added up pair
/// by pair: each pair's total adds its runs in scan order, as adding them one by one to a
/// table of pairs would, but without a hash lookup per run (on the 20 MP photo 18,220 runs
/// fall to 493 pairs).
struct ContactRunsByPair {
    private var lower: [Int32] = []
    private var higher: [Int32] = []
    private var contacts: [SegmentContact] = []

    mutating func append(_ a: Int32, _ b: Int32, _ contact: SegmentContact) {
        lower.append(min(a, b))
        higher.append(max(a, b))
        contacts.append(contact)
    }

    /// Calls `body(a, b, total)` once for each pair of labels (`a < b`, both below
    /// `labelCount`) that has runs, by increasing `a`: the runs are bucketed by their lower
    /// label in scan order, and each bucket's pairs found through a table indexed by the
    /// higher label.
    func forEachPair(labelCount: Int, _ body: (_ a: Int32, _ b: Int32, _ total: SegmentContact) -> Void) {
        var bucketStart = [Int](repeating: 0, count: labelCount + 1)
        for a in lower { bucketStart[Int(a) + 1] += 1 }
        for a in 0..<labelCount { bucketStart[a + 1] += bucketStart[a] }
        var order = [Int32](repeating: 0, count: lower.count)
        var cursor = bucketStart
        for (run, a) in lower.enumerated() {
            order[cursor[Int(a)]] = Int32(truncatingIfNeeded: run)
            cursor[Int(a)] += 1
        }
        // For each higher label, the lower label whose bucket last met it and its slot there.
        var seenWith = [Int32](repeating: -1, count: labelCount)
        var slot = [Int32](repeating: 0, count: labelCount)
        var pairs: [(b: Int32, total: SegmentContact)] = []
        for a in 0..<labelCount where bucketStart[a + 1] > bucketStart[a] {
            pairs.removeAll(keepingCapacity: true)
            for k in bucketStart[a]..<bucketStart[a + 1] {
                let run = Int(order[k]), b = Int(higher[run])
                if seenWith[b] != Int32(a) {
                    seenWith[b] = Int32(a)
                    slot[b] = Int32(pairs.count)
                    pairs.append((Int32(b), SegmentContact()))
                }
                pairs[Int(slot[b])].total.add(contacts[run])
            }
            for pair in pairs { body(Int32(a), pair.b, pair.total) }
        }
    }
}
