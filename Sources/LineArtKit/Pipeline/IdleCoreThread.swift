import CImageCodecs
import Foundation

/// Runs `foreground` on the calling thread and `background` at the same time on a thread of
/// its own at low priority (niceness 10 on Linux): the background work takes the core the
/// foreground leaves idle (its serial steps) and yields when the foreground's row bands want
/// both cores. Returns both results once both are done.
func runBesideOnIdleCore<Foreground, Background: Sendable>(
    while foreground: () -> Foreground, _ background: @escaping @Sendable () -> Background
) -> (Foreground, Background) {
    let pending = PendingResult<Background>()
    let thread = Thread {
        _ = cic_lower_calling_thread_priority(10)
        pending.fulfil(background())
    }
    thread.start()
    let first = foreground()
    return (first, pending.wait())
}

/// A value computed on another thread, waited for once.
private final class PendingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    func fulfil(_ value: Value) {
        self.value = value
        done.signal()
    }

    func wait() -> Value {
        done.wait()
        return value!
    }
}
