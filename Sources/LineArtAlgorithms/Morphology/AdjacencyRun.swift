/// A run of contacts between the same two labels, met one after another in a scan.
///
/// Region adjacency graphs count how many pixel pairs two labels share; along a boundary
/// the same pair repeats pixel after pixel, so the graphs add a whole run at once (see
/// ``forEachContactRun(_:width:height:ignoring:_:)``, used by ``SegmentGraph`` of the
/// regions engine and the region graph of ``mergeSmallRegions(_:minArea:thickness:keepShare:fillBelow:eraseLooseInk:)``).
struct AdjacencyRun: Sendable {
    var a: Int32 = 0
    var b: Int32 = 0
    var length = 0
    /// Sum of the per-contact values given (see ``forEachContactRun(_:width:height:ignoring:step:_:)``).
    var stepSum: Float = 0

    /// Counts one more contact if it is between the run's labels (in either order).
    @inline(__always)
    mutating func extend(_ x: Int32, _ y: Int32, step: Float = 0) -> Bool {
        guard length > 0, (x == a && y == b) || (x == b && y == a) else { return false }
        length += 1
        stepSum += step
        return true
    }

    mutating func start(_ x: Int32, _ y: Int32, step: Float = 0) {
        a = x
        b = y
        length = 1
        stepSum = step
    }

    /// Counts a contact between `x` and `y`: extends the run, or else ends it (`emit(run,
    /// event)`, when it holds contacts) and starts the next with this one. Returns whether
    /// the run started anew.
    @inline(__always)
    mutating func take(_ x: Int32, _ y: Int32, step: Float, event: Int, emit: (AdjacencyRun, Int) -> Void) -> Bool {
        if extend(x, y, step: step) { return false }
        if length > 0 { emit(self, event) }
        start(x, y, step: step)
        return true
    }
}

/// Calls `body(x)` for the pixels of row `y` of a label image that may have a contact with
/// their right-hand or lower neighbour (another label), in order. Groups of four pixels that
/// each have the label of both neighbours are passed over at once: most pixels lie inside a
/// segment.
@inline(__always)
func forEachPixelMaybeInContact(_ labels: UnsafePointer<Int32>, width: Int, height: Int, row y: Int,
                                _ body: (_ x: Int) -> Void) {
    var x = 0
    if y + 1 < height {
        let row = labels + y * width
        while x + 4 < width {
            if fourWithoutContact(row + x, width: width) {
                x += 4
                continue
            }
            body(x)
            x += 1
        }
    }
    while x < width {
        body(x)
        x += 1
    }
}

/// Whether the four pixels from `p` on (in one row, with a fifth pixel after them and a row
/// below) each have the label of their right-hand and lower neighbours: none of them has a
/// contact. Two labels at a time, as 64-bit words.
@inline(__always)
private func fourWithoutContact(_ p: UnsafePointer<Int32>, width: Int) -> Bool {
    let row = UnsafeRawPointer(p), below = 4 * width
    let here = (row.loadUnaligned(as: UInt64.self), row.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    return here.0 == row.loadUnaligned(fromByteOffset: 4, as: UInt64.self)
        && here.1 == row.loadUnaligned(fromByteOffset: 12, as: UInt64.self)
        && here.0 == row.loadUnaligned(fromByteOffset: below, as: UInt64.self)
        && here.1 == row.loadUnaligned(fromByteOffset: below + 8, as: UInt64.self)
}

/// Calls `body(a, b, length)` for each run of 4-neighbour contacts between two different
/// labels of a row-major label image (or of its rows `rows`, with their contacts with the row
/// below), in scan order: the contacts with the right-hand
/// neighbour and those with the neighbour below are followed as two separate runs, and a
/// run ends where the next contact of its kind is between another pair. The lengths of all
/// runs of a pair add up to the number of pixel pairs the two labels share. Pixels
/// labelled `ignored` (ink, for paper regions) take part in no contact.
@inline(__always)
func forEachContactRun(_ labels: UnsafeBufferPointer<Int32>, width: Int, height: Int, ignoring ignored: Int32 = -1,
                       rows: Range<Int>? = nil, _ body: (_ a: Int32, _ b: Int32, _ length: Int) -> Void) {
    forEachContactRun(labels, width: width, height: height, ignoring: ignored, rows: rows,
                      step: { _, _, _ in 0 }) { a, b, length, _ in
        body(a, b, length)
    }
}

/// ``forEachContactRun(_:width:height:ignoring:_:)`` that also sums, over each run, a value
/// `step(x, y, across)` of each contact between pixel (x, y) and its right-hand
/// (`across`) or lower neighbour, passed to `body` as `stepSum`.
@inline(__always)
func forEachContactRun(_ labels: UnsafeBufferPointer<Int32>, width: Int, height: Int, ignoring ignored: Int32 = -1,
                       rows: Range<Int>? = nil, step: (_ x: Int, _ y: Int, _ across: Bool) -> Float,
                       _ body: (_ a: Int32, _ b: Int32, _ length: Int, _ stepSum: Float) -> Void) {
    var scan = ContactRunScan(labels, width: width, height: height, ignoring: ignored)
    for y in rows ?? 0..<height {
        scan.visitRow(y, step: step) { run, _ in body(run.a, run.b, run.length, run.stepSum) }
    }
    scan.finish { run, _ in body(run.a, run.b, run.length, run.stepSum) }
}

/// The state of ``forEachContactRun(_:width:height:ignoring:rows:step:_:)`` between pixels:
/// the run of contacts with the right-hand neighbour and the run with the lower one.
struct ContactRunScan {
    let labels: UnsafeBufferPointer<Int32>
    let width: Int
    let height: Int
    let ignored: Int32
    var across = AdjacencyRun()
    var down = AdjacencyRun()

    init(_ labels: UnsafeBufferPointer<Int32>, width: Int, height: Int, ignoring ignored: Int32 = -1) {
        self.labels = labels
        self.width = width
        self.height = height
        self.ignored = ignored
    }

    /// The event of the contact between pixel `p` and its right-hand (`across`) or lower
    /// neighbour: contacts in scan order have increasing events.
    @inline(__always)
    static func event(pixel p: Int, across: Bool) -> Int { 2 * p + (across ? 0 : 1) }

    /// Pixel (x, y)'s contacts, right-hand then lower: each extends its run or ends it
    /// (`emit(run, event)`, the event of the contact that ended it) and starts the next.
    /// Returns whether the across and the down run started anew.
    @inline(__always) @discardableResult
    mutating func visit(x: Int, y: Int, step: (_ x: Int, _ y: Int, _ across: Bool) -> Float,
                        emit: (AdjacencyRun, Int) -> Void) -> (across: Bool, down: Bool) {
        let p = y * width + x
        let a = labels[p]
        var started = (across: false, down: false)
        guard a != ignored else { return started }
        if x + 1 < width {
            let b = labels[p + 1]
            if b != ignored && b != a {
                started.across = across.take(a, b, step: step(x, y, true), event: Self.event(pixel: p, across: true),
                                             emit: emit)
            }
        }
        if y + 1 < height {
            let b = labels[p + width]
            if b != ignored && b != a {
                started.down = down.take(a, b, step: step(x, y, false), event: Self.event(pixel: p, across: false),
                                         emit: emit)
            }
        }
        return started
    }

    /// ``visit(x:y:step:emit:)`` for every pixel of row `y` that may have a contact, in
    /// order (``forEachPixelMaybeInContact(_:width:height:row:_:)``; the others add nothing).
    @inline(__always)
    mutating func visitRow(_ y: Int, step: (_ x: Int, _ y: Int, _ across: Bool) -> Float,
                           emit: (AdjacencyRun, Int) -> Void) {
        forEachPixelMaybeInContact(labels.baseAddress!, width: width, height: height, row: y) { x in
            visit(x: x, y: y, step: step, emit: emit)
        }
    }

    /// The runs still open at the end of the scan, across then down (event `Int.max`).
    mutating func finish(emit: (AdjacencyRun, Int) -> Void) {
        if across.length > 0 { emit(across, .max) }
        if down.length > 0 { emit(down, .max) }
        across = AdjacencyRun()
        down = AdjacencyRun()
    }
}
