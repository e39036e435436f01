import LineArtImage
import Synchronization

/// ``forEachContactRun(_:width:height:ignoring:rows:step:_:)`` over every row, with the lower
/// half of the rows scanned on a second thread when `threads` > 1: `body` gets the same runs,
/// in the same order, with the same sums, on the calling thread.
///
/// The second thread scans the lower rows from an empty state and records the runs it ends,
/// each with the event of the contact that ended it (``ContactRunScan/event(pixel:across:)``).
/// Meanwhile the calling thread scans the upper rows, then goes on into the lower rows itself
/// until each of its two runs (across, down) has started anew there. A run always holds the
/// pair of the last contact of its kind, so from the first lower contact of a kind on, both
/// scans end and start runs of that kind at the same contacts; once a run has started anew in
/// the calling thread's scan, the two scans of that kind are the same from there on. So the
/// recorded runs after that point are exactly the rest of the sequential scan. (Cutting the
/// runs at the middle row instead would change the order in which float step sums add up.)
///
/// The lower half goes to whichever thread claims it first: when the second thread has not
/// started by the time the calling thread is done with the upper rows (the other core still
/// busy, with the face detection for instance), the calling thread scans on through the
/// lower rows itself, and the second thread, once it runs, finds the half taken and ends.
func forEachContactRunInHalves(_ labels: UnsafeBufferPointer<Int32>, width: Int, height: Int,
                               ignoring ignored: Int32 = -1, threads: Int,
                               step: @escaping @Sendable (_ x: Int, _ y: Int, _ across: Bool) -> Float,
                               _ body: (_ a: Int32, _ b: Int32, _ length: Int, _ stepSum: Float) -> Void) {
    let split = height / 2
    guard threads > 1, split >= 16 else {
        forEachContactRun(labels, width: width, height: height, ignoring: ignored, step: step, body)
        return
    }
    let lowerHalf = LowerHalfClaim()
    let shared = SharedLabels(labels: labels)
    let recording = startOnSecondThread { () -> RecordedContactRuns? in
        guard lowerHalf.claim(by: .secondThread) else { return nil }
        var recorded = RecordedContactRuns()
        var scan = ContactRunScan(shared.labels, width: width, height: height, ignoring: ignored)
        for y in split..<height { scan.visitRow(y, step: step) { recorded.append($0, event: $1) } }
        scan.finish { recorded.append($0, event: $1) }
        return recorded
    }
    func emit(_ run: AdjacencyRun, _: Int) { body(run.a, run.b, run.length, run.stepSum) }
    var scan = ContactRunScan(labels, width: width, height: height, ignoring: ignored)
    for y in 0..<split { scan.visitRow(y, step: step, emit: emit) }
    if lowerHalf.claim(by: .callingThread) {  // the second thread has not started: go on alone
        for y in split..<height { scan.visitRow(y, step: step, emit: emit) }
        scan.finish(emit: emit)
        return
    }
    var restarted = (across: false, down: false)
    var lastEvent: Int?
    lower: for y in split..<height {
        for x in 0..<width {
            let started = scan.visit(x: x, y: y, step: step, emit: emit)
            restarted.across = restarted.across || started.across
            restarted.down = restarted.down || started.down
            if restarted.across && restarted.down {
                lastEvent = ContactRunScan.event(pixel: y * width + x, across: false)
                break lower
            }
        }
    }
    let recorded = recording.wait()!  // claimed by the second thread
    guard let lastEvent else {  // the calling thread scanned every lower row itself
        scan.finish(emit: emit)
        return
    }
    for (run, event) in zip(recorded.runs, recorded.events) where event > lastEvent { emit(run, event) }
}

/// The runs a scan ended, in order, each with the event of the contact that ended it.
struct RecordedContactRuns: Sendable {
    var runs: [AdjacencyRun] = []
    var events: [Int] = []

    mutating func append(_ run: AdjacencyRun, event: Int) {
        runs.append(run)
        events.append(event)
    }
}

/// The labels, read by both threads of ``forEachContactRunInHalves(_:width:height:ignoring:threads:step:_:)``
/// (neither writes through them; the second thread reads them only once it has claimed the
/// lower half, which the calling thread then waits for).
private struct SharedLabels: @unchecked Sendable {
    let labels: UnsafeBufferPointer<Int32>
}

/// Which thread scans the lower half: the first to claim it.
private final class LowerHalfClaim: Sendable {
    enum Claimant: Int { case callingThread = 1, secondThread = 2 }
    private let owner = Atomic<Int>(0)

    /// Claims the half for `claimant`; false when the other thread had it first.
    func claim(by claimant: Claimant) -> Bool {
        owner.compareExchange(expected: 0, desired: claimant.rawValue, ordering: .acquiringAndReleasing).exchanged
    }
}
