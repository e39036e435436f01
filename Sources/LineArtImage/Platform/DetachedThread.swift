import Glibc

/// Starts `body` at once on a new POSIX thread of its own, detached: nobody joins it, and
/// its resources go when `body` returns. Callers wait for its work with a semaphore or a
/// ``PendingResult``. A dedicated thread, not a Dispatch worker, so it starts even when
/// every worker is busy. `stackSize` in bytes, or the system's default (8 MB on Linux).
///
/// Foundation's `Thread` did the same, but only the full, ICU-backed Foundation has it;
/// the binary links FoundationEssentials alone.
package func startDetachedThread(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, &attributes, { context in
        let pointer: UnsafeMutableRawPointer? = context
        Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(status == 0, "pthread_create failed with error \(status)")
}
