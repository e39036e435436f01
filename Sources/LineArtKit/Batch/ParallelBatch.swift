import FoundationEssentials
import Dispatch

/// Runs `count` independent jobs on `jobs` worker threads with bounded concurrency.
///
/// Items are handed out in index order from a shared counter, so at most `jobs`
/// items are in memory at once whatever the batch size. `onFinish` is called
/// once per finished item, serialised (never two at once), in completion order.
/// When `isCancelled` turns true, workers take no new items; items already
/// started finish. Returns the outcomes by index (`nil` for items never started).
package func runInParallel<Outcome: Sendable>(
    count: Int,
    jobs: Int,
    isCancelled: @escaping @Sendable () -> Bool = { false },
    work: @escaping @Sendable (Int) -> Outcome,
    onFinish: @escaping @Sendable (Int, Outcome) -> Void = { _, _ in }
) -> [Outcome?] {
    let state = BatchState<Outcome>(count: count)
    let workers = max(1, min(jobs, count))
    let group = DispatchGroup()
    for _ in 0..<workers {
        group.enter()
        startDetachedThread(stackSize: 8 << 20) {
            while !isCancelled(), let index = state.takeNext() {
                let outcome = work(index)
                state.finish(index, outcome, onFinish)
            }
            group.leave()
        }
    }
    group.wait()
    return state.results
}

private final class BatchState<Outcome: Sendable>: @unchecked Sendable {
    private let lock = MutexLock()
    private var next = 0
    private let count: Int
    private var storage: [Outcome?]

    init(count: Int) {
        self.count = count
        storage = Array(repeating: nil, count: count)
    }

    func takeNext() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ outcome: Outcome, _ onFinish: (Int, Outcome) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        storage[index] = outcome
        onFinish(index, outcome)
    }

    var results: [Outcome?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
