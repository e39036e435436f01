import CImageCodecs
import Dispatch
import Synchronization

/// The merge pass of ``graphSegmentation(_:scale:minSize:borderWeight:borderBand:threads:)``
/// on two threads, with exactly the labels of the one-thread pass.
///
/// Why the result is the same: all edges of one bucket have the same weight `w`. A component
/// whose threshold is below `w` when the bucket starts joins nothing in it (a join needs both
/// thresholds at least `w`), and a component that joins has threshold `w + k / size`, at
/// least `w`, afterwards. So a bucket joins exactly the components that its edges connect
/// among those whose thresholds are at least `w` at its start, in whatever order the edges
/// are taken, and each joined component ends with threshold `w + k / (its final size)`. Only
/// which pixel is a component's root depends on the order, and the labels do not.
///
/// So each bucket is split. The calling thread takes the edges within the image's top half
/// and a second thread those within the bottom half; then the calling thread alone takes
/// the edges between the halves, and the edges either thread set aside because one of
/// their components already spans both halves. A thread writes only components that lie
/// wholly in its half (it reads a spanning component's root and threshold, and leaves its
/// paths as they are); spanning components change only in the one-thread step. The threads
/// meet after every bucket, so buckets with few edges (the heavy tail of the weights) are
/// left to the one-thread pass that follows. For the same reason nothing else of the photo
/// should run meanwhile: a third thread that takes either core for a moment stalls both
/// (the drawing test and face detection wait for ``SecondCoreHandOff``).
struct HalvesMerge: @unchecked Sendable {
    let forest: SegmentationForest
    let bucketStart: UnsafePointer<Int>
    /// Per bucket, the index of its first key of the bottom half.
    let split: UnsafePointer<Int>
    /// Per bucket, the index of its first key of the top half's last row (whose edges going
    /// down cross to the bottom half); up to `split`.
    let lastRowStart: UnsafePointer<Int>
    /// One flag per pixel, read at roots: the component holds pixels of both halves.
    let spanning: UnsafeMutablePointer<Bool>
    /// Keys from this one to the bottom half's first are the top half's last row.
    let lastTopRowKey: UInt32
    /// How long the calling thread may sleep, in all, waiting for the second one before it
    /// takes the remaining buckets alone (below zero: after the first bucket).
    let patience: Duration

    /// Splits the rows at `height / 2`; nil when the image is too small to be worth it.
    static func rowsSplit(width: Int, height: Int) -> Int? {
        height >= 32 && width >= 16 ? height / 2 : nil
    }

    /// Runs the merge rule over the first buckets of `forest` on the calling thread and a
    /// second one: the buckets up to the last one holding at least `minimumKeys` keys are
    /// split between the halves (rows above and below `splitRow`). When the calling thread
    /// has slept longer than `patience` in all waiting for the second one, it takes the rest
    /// of those alone.
    /// - Returns: the buckets left, for the caller to merge on one thread
    ///   (``SegmentationForest/merge(buckets:bucketStart:)``) once the second thread is gone.
    static func run(_ forest: SegmentationForest, buckets: Int, bucketStart: UnsafePointer<Int>,
                    width: Int, height: Int, splitRow: Int, minimumKeys: Int, patience: Duration) -> Range<Int> {
        let firstBottomKey = UInt32(truncatingIfNeeded: splitRow * width * 4)
        let lastTopRowKey = UInt32(truncatingIfNeeded: (splitRow - 1) * width * 4)
        var dense = 0
        for bucket in 0..<buckets where bucketStart[bucket + 1] - bucketStart[bucket] >= minimumKeys {
            dense = bucket + 1
        }
        let keys = forest.keys
        var split = [Int](repeating: 0, count: buckets)
        var lastRowStart = [Int](repeating: 0, count: buckets)
        for bucket in 0..<dense {
            let start = bucketStart[bucket], end = bucketStart[bucket + 1]
            split[bucket] = firstIndex(atLeast: firstBottomKey, keys: keys, start..<end)
            lastRowStart[bucket] = firstIndex(atLeast: lastTopRowKey, keys: keys, start..<split[bucket])
        }
        var spanning = [Bool](repeating: false, count: width * height)
        split.withUnsafeBufferPointer { split in
        lastRowStart.withUnsafeBufferPointer { lastRowStart in
        spanning.withUnsafeMutableBufferPointer { spanning in
            let merge = HalvesMerge(forest: forest, bucketStart: bucketStart, split: split.baseAddress!,
                                    lastRowStart: lastRowStart.baseAddress!, spanning: spanning.baseAddress!,
                                    lastTopRowKey: lastTopRowKey, patience: patience)
            merge.splitBuckets(0..<dense)
        }
        }
        }
        return dense..<buckets
    }

    /// The first index in `range` (of increasing keys) whose key is at least `key`.
    private static func firstIndex(atLeast key: UInt32, keys: UnsafePointer<UInt32>, _ range: Range<Int>) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Buckets `buckets`, each split between the calling thread (top half, then the
    /// one-thread step) and a second thread (bottom half).
    ///
    /// The second thread, once past its last bucket, opens the photo's hand-off
    /// (``SecondCoreHandOff``): the work waiting for the second core wakes on the core this
    /// thread is leaving. Woken from the calling thread instead (after the split, on its
    /// core), it started 1.1-2.0 ms later (medians of 25 traced passes), at low priority
    /// behind the extraction until it moved.
    private func splitBuckets(_ buckets: Range<Int>) {
        let nonEmpty = buckets.filter { bucketStart[$0 + 1] > bucketStart[$0] }
        guard !nonEmpty.isEmpty else { return }
        let meeting = BucketMeeting()
        let bottomSetAside = SetAsideEdges()
        let merge = self
        let handOff = SecondCoreHandOff.current, callerCPU = cic_current_cpu()
        _ = runOnSecondThread(while: {
            var setAside: [Int] = []
            var slept = Duration.zero
            for (index, bucket) in nonEmpty.enumerated() {
                let w = Float(bucket) / forest.quantum
                setAside.removeAll(keepingCapacity: true)
                mergeWithinHalf(bucketStart[bucket]..<split[bucket], weight: w, top: true, setAside: &setAside)
                slept += meeting.waitForBottom(index + 1)
                // The edges between the halves, then those set aside: each join makes a
                // component that spans both.
                for k in lastRowStart[bucket]..<split[bucket] where forest.keys[k] & 3 != 0 {
                    if let root = forest.merge(k, weight: w) { spanning[root] = true }
                }
                for k in setAside { if let root = forest.merge(k, weight: w) { spanning[root] = true } }
                for k in bottomSetAside.keys { if let root = forest.merge(k, weight: w) { spanning[root] = true } }
                if slept > patience {
                    // Other work holds the cores, and each meeting waits for the scheduler:
                    // the second thread stops here and this one takes the rest alone.
                    meeting.stop()
                    forest.merge(buckets: (bucket + 1)..<buckets.upperBound, bucketStart: bucketStart)
                    return
                }
                meeting.joinedAcross(index + 1)
            }
        }, {
            defer { handOff?.open(awayFrom: callerCPU) }
            for (index, bucket) in nonEmpty.enumerated() {
                let w = Float(bucket) / merge.forest.quantum
                bottomSetAside.keys.removeAll(keepingCapacity: true)
                merge.mergeWithinHalf(merge.split[bucket]..<merge.bucketStart[bucket + 1], weight: w, top: false,
                                      setAside: &bottomSetAside.keys)
                meeting.bottomDone(index + 1)
                if index + 1 < nonEmpty.count && !meeting.waitForJoinsAcross(index + 1) { return }
            }
        })
    }

    /// The merge rule over one half's keys `range` of a bucket of weight `w` (the top half
    /// skips its last row's edges going down). Edges that would join a spanning component
    /// are added to `setAside` instead.
    @inline(__always)
    private func mergeWithinHalf(_ range: Range<Int>, weight w: Float, top: Bool, setAside: inout [Int]) {
        // Locals, so the loop keeps them in registers (stores through the forest's pointers
        // could otherwise alias them).
        let forest = forest, node = forest.node, keys = forest.keys, spanning = spanning
        let lastTopRowKey = lastTopRowKey, scale = forest.scale
        for k in range {
            let key = keys[k]
            if top && key >= lastTopRowKey && key & 3 != 0 { continue }
            let (p, q) = forest.endpoints(key)
            let a = findInHalf(p, node: node, spanning: spanning), b = findInHalf(q, node: node, spanning: spanning)
            guard a != b, w <= node[a].threshold, w <= node[b].threshold else { continue }
            if spanning[a] || spanning[b] {
                setAside.append(k)
                continue
            }
            let root = forest.union(a, b)
            node[root].threshold = w + scale / Float(forest.size[root])
        }
    }
}

extension HalvesMerge {
    /// The root of `x`'s component, halving the path on the way as ``SegmentationForest/find(_:)``
    /// does, except at nodes that were ever the root of a spanning component: those the
    /// other thread may be reading, so they are only read.
    @inline(__always)
    fileprivate func findInHalf(_ x: Int, node: UnsafeMutablePointer<ForestNode>,
                                spanning: UnsafeMutablePointer<Bool>) -> Int {
        var x = x
        while true {
            let parent = Int(node[x].parent)
            if parent == x { return x }
            let grandparent = node[parent].parent
            if !spanning[x] { node[x].parent = grandparent }
            x = Int(grandparent)
        }
    }
}

/// The bottom thread's set-aside edges of the current bucket, read by the calling thread
/// once the bottom thread reported the bucket done.
private final class SetAsideEdges: @unchecked Sendable {
    var keys: [Int] = []
}

/// Where the two threads of ``HalvesMerge`` meet: counts of buckets done, waited for by
/// spinning (a bucket takes microseconds; sleeping would cost more than the work), then,
/// when the other thread is late, by sleeping on a semaphore so it can have this core.
private final class BucketMeeting: Sendable {
    private let bottom = Atomic<Int>(0)
    private let across = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let bottomSignal = DispatchSemaphore(value: 0)
    private let acrossSignal = DispatchSemaphore(value: 0)

    func bottomDone(_ buckets: Int) {
        bottom.store(buckets, ordering: .releasing)
        bottomSignal.signal()
    }

    func joinedAcross(_ buckets: Int) {
        across.store(buckets, ordering: .releasing)
        acrossSignal.signal()
    }

    /// Tells the second thread to stop before its next bucket.
    func stop() {
        stopped.store(true, ordering: .releasing)
        acrossSignal.signal()
    }

    /// Returns once the second thread finished `buckets` buckets, with the time spent asleep.
    func waitForBottom(_ buckets: Int) -> Duration {
        Self.wait(until: { bottom.load(ordering: .acquiring) >= buckets }, on: bottomSignal)
    }

    /// Returns true once the calling thread joined across `buckets` buckets, false if it
    /// stopped the split instead.
    func waitForJoinsAcross(_ buckets: Int) -> Bool {
        _ = Self.wait(until: { across.load(ordering: .acquiring) >= buckets || stopped.load(ordering: .acquiring) },
                      on: acrossSignal)
        return !stopped.load(ordering: .acquiring)
    }

    /// Spins until `done` for some 16,000 rounds (tens of microseconds), then sleeps on
    /// `signal` until it is (each `signal()` after a store wakes it to look again; signals
    /// sent while nobody slept only make later sleeps look once more). Yielding the core
    /// instead of sleeping handed it to whatever else was runnable for a whole scheduler
    /// tick. Returns the time spent asleep.
    private static func wait(until done: () -> Bool, on signal: DispatchSemaphore) -> Duration {
        var spins = 0
        while !done() {
            spins &+= 1
            if spins >= 1 << 14 {
                let start = ContinuousClock.now
                while !done() { signal.wait() }
                return ContinuousClock.now - start
            }
        }
        return .zero
    }
}
