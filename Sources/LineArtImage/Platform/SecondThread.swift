import Dispatch

/// Runs `foreground` on the calling thread and `background` at the same time on a thread of
/// its own (``startOnSecondThread(_:)``). Returns both results once both are done.
package func runOnSecondThread<Foreground, Background: Sendable>(
    while foreground: () -> Foreground, _ background: @escaping @Sendable () -> Background
) -> (Foreground, Background) {
    let pending = startOnSecondThread(background)
    let first = foreground()
    return (first, pending.wait())
}

/// Starts `work` on a thread of its own (a dedicated thread, not a Dispatch worker, so it
/// starts even when every worker is busy). Its result is waited for with
/// ``PendingResult/wait()``.
package func startOnSecondThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> PendingResult<Value> {
    let pending = PendingResult<Value>()
    startDetachedThread { pending.fulfil(work()) }
    return pending
}

/// A value computed on another thread (or known at once), waited for by any number of
/// callers.
package final class PendingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    /// A result still to come (``fulfil(_:)``).
    init() {}

    /// A result already known.
    package init(_ value: Value) {
        self.value = value
        done.signal()
    }

    /// Sets the result, once; wakes the waiters.
    func fulfil(_ value: Value) {
        self.value = value
        done.signal()
    }

    /// The result, once there is one.
    package func wait() -> Value {
        done.wait()
        defer { done.signal() }  // the next wait returns at once
        return value!
    }
}
