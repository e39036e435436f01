/// What two segments share: the number of 4-neighbour pixel pairs between them, and the sum
/// of the local colour steps across those pairs.
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

/// Calls `body(a, b, contact)` for each run of 4-neighbour contacts between two different
/// labels, in scan order, as ``forEachContactRun(_:width:height:ignoring:_:)`` does; each
/// contact also adds its local colour step: the distance between the colours one pixel
/// before and one pixel after the pair along the contact's direction (3 pixels apart,
/// clamped at the image edge). A sharp outline counts its full step there, a soft gradient
/// only the little it changes over those pixels.
func forEachContactRun(_ labels: UnsafeBufferPointer<Int32>, colours: FloatImage,
                       _ body: (_ a: Int32, _ b: Int32, _ contact: SegmentContact) -> Void) {
    let width = colours.width, height = colours.height, ch = colours.channels
    precondition(labels.count == width * height)
    colours.samples.withUnsafeBufferPointer { px in
        @inline(__always) func step(_ i: Int, _ j: Int) -> Float {
            var sum: Float = 0
            for c in 0..<ch {
                let d = px[i * ch + c] - px[j * ch + c]
                sum += d * d
            }
            return sum.squareRoot()
        }
        var across = ContactRun(), down = ContactRun()
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                let i = row + x
                let a = labels[i]
                if x + 1 < width, labels[i + 1] != a {
                    let s = step(row + max(0, x - 1), row + min(width - 1, x + 2))
                    if !across.extend(a, labels[i + 1], step: s) {
                        if let run = across.restart(a, labels[i + 1], step: s) { body(run.a, run.b, run.contact) }
                    }
                }
                if y + 1 < height, labels[i + width] != a {
                    let s = step(max(0, y - 1) * width + x, min(height - 1, y + 2) * width + x)
                    if !down.extend(a, labels[i + width], step: s) {
                        if let run = down.restart(a, labels[i + width], step: s) { body(run.a, run.b, run.contact) }
                    }
                }
            }
        }
        if across.contact.length > 0 { body(across.a, across.b, across.contact) }
        if down.contact.length > 0 { body(down.a, down.b, down.contact) }
    }
}

/// A run of contacts between the same two labels (in either order), with their steps.
private struct ContactRun {
    var a: Int32 = 0
    var b: Int32 = 0
    var contact = SegmentContact()

    /// Adds one contact if it is between the run's labels.
    @inline(__always)
    mutating func extend(_ x: Int32, _ y: Int32, step: Float) -> Bool {
        guard contact.length > 0, (x == a && y == b) || (x == b && y == a) else { return false }
        contact.length += 1
        contact.stepSum += step
        return true
    }

    /// Starts a new run with one contact; returns the run it ends, if it had contacts.
    mutating func restart(_ x: Int32, _ y: Int32, step: Float) -> (a: Int32, b: Int32, contact: SegmentContact)? {
        let ended = contact.length > 0 ? (a, b, contact) : nil
        a = x
        b = y
        contact = SegmentContact(length: 1, stepSum: step)
        return ended
    }
}
