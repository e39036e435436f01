import Dispatch
import Synchronization

/// The moment a photo's extraction stops using both cores, for work that waits to run
/// beside it on the second core (``LineArtPipeline/extractAndDetectFaces(_:)``).
///
/// The segmentation's union-find runs on both cores and its two threads meet after every
/// weight bucket, so a third thread that takes either core for a moment stalls both. Work
/// meant for the idle core waits (``wait()``) until the extraction says it is past its
/// two-core steps (``release()``, through the task-local ``current``). Releasing twice,
/// or with nothing waiting, does nothing.
final class SecondCoreHandOff: Sendable {
    /// The hand-off of the extraction running on this task, if anything waits for one.
    @TaskLocal static var current: SecondCoreHandOff?

    private let released = Atomic<Bool>(false)
    private let signal = DispatchSemaphore(value: 0)

    /// Tells the waiting work (if any) that the calling extraction no longer needs the second core.
    static func release() { current?.open() }

    /// Lets ``wait()`` return; only the first call counts.
    func open() {
        if !released.exchange(true, ordering: .acquiringAndReleasing) { signal.signal() }
    }

    /// Returns once ``open()`` was called.
    func wait() {
        signal.wait()
        signal.signal()  // later waits return at once
    }
}
