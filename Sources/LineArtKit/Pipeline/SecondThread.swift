import CImageCodecs
import Foundation

/// Runs `foreground` on the calling thread and `background` at the same time on a thread of
/// its own (a dedicated thread, not a Dispatch worker, so it starts even when every worker
/// is busy), lowered by `niceness` on Linux when above 0. Returns both results once both
/// are done.
func runOnSecondThread<Foreground, Background: Sendable>(
    niceness: Int32 = 0, while foreground: () -> Foreground, _ background: @escaping @Sendable () -> Background
) -> (Foreground, Background) {
    let pending = PendingResult<Background>()
    let thread = Thread {
        if niceness > 0 { _ = cic_lower_calling_thread_priority(niceness) }
        pending.fulfil(background())
    }
    thread.start()
    let first = foreground()
    return (first, pending.wait())
}

/// ``runOnSecondThread(niceness:while:_:)`` at low priority (niceness 10): the background
/// work takes the core the foreground leaves idle (its serial steps) and yields when the
/// foreground's row bands want both cores.
func runBesideOnIdleCore<Foreground, Background: Sendable>(
    while foreground: () -> Foreground, _ background: @escaping @Sendable () -> Background
) -> (Foreground, Background) {
    runOnSecondThread(niceness: 10, while: foreground, background)
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
