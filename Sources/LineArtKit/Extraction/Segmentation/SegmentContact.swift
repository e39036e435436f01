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
