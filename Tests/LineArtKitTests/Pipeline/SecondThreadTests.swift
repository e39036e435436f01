import Dispatch
import Testing
@testable import LineArtKit

@Suite struct SecondThreadTests {
    @Test func pendingResultAnswersEveryWait() {
        let pending = startOnSecondThread { (1...1000).reduce(0, +) }
        #expect(pending.wait() == 500_500)
        #expect(pending.wait() == 500_500, "a second wait returns the same result at once")
        #expect(PendingResult("known").wait() == "known")
    }

    @Test func workWaitingForTheHandOffStartsOnlyOnceReleased() {
        let handOff = SecondCoreHandOff()
        let started = PendingResult<Bool>()
        let opened = Flag()
        let seen = startOnSecondThread {
            handOff.wait()
            started.fulfil(true)
            return opened.isSet
        }
        // Released from inside the work it was bound for, as the segmentation does.
        SecondCoreHandOff.$current.withValue(handOff) {
            usleepForAWhile()
            opened.set()
            SecondCoreHandOff.release()
        }
        #expect(seen.wait(), "the waiting work ran only after release()")
        #expect(started.wait())
        handOff.open()  // a second release does nothing
        handOff.wait()  // and waiting after it returns at once
        SecondCoreHandOff.release()  // nothing bound: nothing happens
    }
}

/// A flag set by one thread and read by another.
private final class Flag: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var value = false
    var isSet: Bool { lock.wait(); defer { lock.signal() }; return value }
    func set() { lock.wait(); value = true; lock.signal() }
}

/// Gives a thread that (wrongly) did not wait time to run first.
private func usleepForAWhile() {
    let end = DispatchTime.now().uptimeNanoseconds + 20_000_000
    while DispatchTime.now().uptimeNanoseconds < end {}
}
