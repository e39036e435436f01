import CImageCodecs
import Glibc

/// Starts `body` at once on a new POSIX thread of its own, detached: nobody joins it, and
/// its resources go when `body` returns. Callers wait for its work with a semaphore or a
/// ``PendingResult``. A dedicated thread, not a Dispatch worker, so it starts even when
/// every worker is busy. `stackSize` in bytes, or the system's default (8 MB on Linux).
///
/// With `besideCaller`, the thread first moves off the core the caller runs on, for work
/// meant to run beside the caller's. The scheduler places a new thread on the core that
/// looks idlest, which is the caller's own when the other is finishing a thread that just
/// ended (a decoder part, a file half); both then share one core for a scheduler tick or
/// more. In 24 traced fresh `convert`s of the 20 MP photo, the decoder's second part
/// started 2.5-4 ms late in the 5 that began on the caller's core.
///
/// Foundation's `Thread` did the same, but only the full, ICU-backed Foundation has it;
/// the binary links FoundationEssentials alone.
func startDetachedThread(stackSize: Int? = nil, besideCaller: Bool = false, _ body: @escaping @Sendable () -> Void) {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    let callerCPU = besideCaller ? cic_current_cpu() : -1
    let context = Unmanaged.passRetained(Body {
        _ = cic_move_calling_thread_off_cpu(callerCPU)  // does nothing for -1
        body()
    }).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, &attributes, { context in
        let pointer: UnsafeMutableRawPointer? = context
        Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(status == 0, "pthread_create failed with error \(status)")
}
