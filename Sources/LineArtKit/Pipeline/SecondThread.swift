import CImageCodecs
import FoundationEssentials
import Dispatch

/// Runs `foreground` on the calling thread and `background` at the same time on a thread of
/// its own (``startOnSecondThread(niceness:_:)``). Returns both results once both are done.
func runOnSecondThread<Foreground, Background: Sendable>(
    niceness: Int32 = 0, while foreground: () -> Foreground, _ background: @escaping @Sendable () -> Background
) -> (Foreground, Background) {
    let pending = startOnSecondThread(niceness: niceness, background)
    let first = foreground()
    return (first, pending.wait())
}

/// Starts `work` on a thread of its own (a dedicated thread, not a Dispatch worker, so it
/// starts even when every worker is busy), lowered by `niceness` on Linux when above 0.
/// Its result is waited for with ``PendingResult/wait()``.
/// It starts on another core than the caller's (``startDetachedThread(stackSize:besideCaller:_:)``).
func startOnSecondThread<Value: Sendable>(niceness: Int32 = 0, _ work: @escaping @Sendable () -> Value)
    -> PendingResult<Value>
{
    let pending = PendingResult<Value>()
    startDetachedThread(besideCaller: true) {
        if niceness > 0 { _ = cic_lower_calling_thread_priority(niceness) }
        pending.fulfil(work())
    }
    return pending
}

/// ``startOnSecondThread(niceness:_:)`` at low priority (niceness 10): the work takes the
/// core the caller leaves idle (its serial steps) and yields when the caller's row bands
/// want both cores.
func startBesideOnIdleCore<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> PendingResult<Value> {
    startOnSecondThread(niceness: 10, work)
}

/// A value computed on another thread (or known at once), waited for by any number of
/// callers.
final class PendingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    /// A result still to come (``fulfil(_:)``).
    init() {}

    /// A result already known.
    init(_ value: Value) {
        self.value = value
        done.signal()
    }

    /// Sets the result, once; wakes the waiters.
    func fulfil(_ value: Value) {
        self.value = value
        done.signal()
    }

    /// The result, once there is one.
    func wait() -> Value {
        done.wait()
        defer { done.signal() }  // the next wait returns at once
        return value!
    }
}
