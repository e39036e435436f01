import CImageCodecs
import Dispatch
import Synchronization

/// The moment a photo's extraction stops using both cores, for work that waits to run
/// beside it on the second core (``LineArtPipeline/extractAndDetectFaces(_:)``).
///
/// The segmentation's union-find runs on both cores, and its calling thread waits for the
/// second one to be past every weight bucket, so a third thread that takes either core for a
/// moment stalls the merge. Work
/// meant for the idle core waits (``wait()``) until the extraction says it is past its
/// two-core steps: the union-find's second thread opens it as it ends (``TwoThreadMerge``),
/// and ``release()``, through the task-local ``current``, after the union-find's two-thread
/// part in any case. Releasing twice, or with nothing waiting, does nothing.
///
/// The woken work then moves off the core the extraction runs on. Woken by the extraction's
/// thread, the scheduler tends to start it on that thread's core, where the two share one
/// core until the load balancer parts them: in 10 of 24 traced fresh `convert`s of the 20 MP
/// photo the extraction's one-thread steps stalled for 2-5 ms there (a scheduler tick), and
/// in none of 30 once the detection moved to the other core.
final class SecondCoreHandOff: Sendable {
    /// The hand-off of the extraction running on this task, if anything waits for one.
    @TaskLocal static var current: SecondCoreHandOff?

    private let released = Atomic<Bool>(false)
    private let signal = DispatchSemaphore(value: 0)
    /// The CPU ``open(awayFrom:)`` was given (-1: not known).
    private let releasingCPU = Atomic<Int32>(-1)

    /// Tells the waiting work (if any) that the calling extraction no longer needs the second core.
    static func release() { current?.open() }

    /// Lets ``wait()`` return; only the first call counts. The woken work moves off `cpu`:
    /// by default the caller's, the extraction's own when it calls; a thread of the
    /// extraction that is about to end passes the extraction's CPU instead, so that the work
    /// stays on the core that thread leaves (``TwoThreadMerge``).
    func open(awayFrom cpu: Int32 = cic_current_cpu()) {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        releasingCPU.store(cpu, ordering: .relaxed)
        signal.signal()
    }

    /// Returns once ``open(awayFrom:)`` was called, on another CPU than the one it was given
    /// when the calling thread may run on another.
    func wait() {
        signal.wait()
        signal.signal()  // later waits return at once
        _ = cic_move_calling_thread_off_cpu(releasingCPU.load(ordering: .relaxed))
    }
}
