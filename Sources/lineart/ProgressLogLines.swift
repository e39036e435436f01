import FoundationEssentials
import LineArtKit

/// Which counts of a long search get a line in a log (stderr not a terminal, where a
/// counter redrawn with "\r" would run together): a line each time the count reaches or
/// passes another tenth of the total (a multiple of `max(1, total / 10)`) and at the total,
/// so a log holds about ten lines however long the search.
///
/// The count may jump by more than one between two reports (a round of the coordinate
/// search evaluates up to five combinations at once): a tenth passed inside a jump gets its
/// line at the count that passed it, instead of being missed because no report landed on
/// it exactly. Counts that rise by one (the pipeline runs of a grid or random search) get
/// the same lines as before: those on a multiple of the step.
///
/// Safe to call from several threads.
final class ProgressLogLines: @unchecked Sendable {
    private let lock = MutexLock()
    /// The last count given a line, and the last one reported.
    private var shown = 0
    private var last: (done: Int, total: Int, what: String)?

    /// The line for `done` of `total` (`"12/60 combinations"`), or nil when it adds nothing.
    func line(_ done: Int, of total: Int, _ what: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        last = (done, total, what)
        let step = max(1, total / 10)
        guard done == total || done / step > shown / step else { return nil }
        shown = done
        return "\(done)/\(total) \(what)"
    }

    /// The line of the last count reported, when it got none (a search that ended between
    /// two tenths: a coordinate search that stopped improving, or Ctrl-C), so a log ends
    /// with the count reached.
    func closingLine() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let last, last.done != shown else { return nil }
        shown = last.done
        return "\(last.done)/\(last.total) \(last.what)"
    }
}
