import CPixelKernels
import Dispatch
import Synchronization

/// The merge pass of ``graphSegmentation(_:scale:minSize:borderWeight:borderBand:threads:parallelBucketKeys:twoThreadPatience:)``
/// on two threads, with exactly the labels of the one-thread pass.
///
/// Why the result can be the same: all edges of one bucket have the same weight `w`. A
/// component whose threshold is below `w` when the bucket starts joins nothing in it (a join
/// needs both thresholds at least `w`), and a component that joins has threshold
/// `w + k / size`, at least `w`, afterwards. So a bucket joins exactly the components that
/// its edges connect among those whose thresholds are at least `w` at its start, in whatever
/// order the edges are taken, and each joined component ends with threshold
/// `w + k / (its final size)`. Only which pixel is a component's root depends on the order,
/// and the labels do not.
///
/// So the rows are split in two, and the components are owned by one thread or the other:
/// - The **second thread** takes each bucket's edges whose first pixel lies in the bottom
///   rows. It owns the components it has only ever seen in the bottom rows ("unshared"),
///   and merges those with each other. An edge that reaches a shared component is set
///   aside for the calling thread, and the bottom component it reaches becomes shared:
///   the calling thread owns it from then on (``cpk_forest_merge_unshared``).
/// - The **calling thread** owns every other component: those of the top rows, of the
///   bottom's first row (which the top's last row links to), and those handed over. For
///   each bucket it merges the top rows' edges, then, once the second thread is past the
///   bucket, the edges set aside in it.
///
/// Each thread changes only the components it owns, and an unshared component depends only
/// on the second thread's own work, so the second thread never waits: it runs ahead while
/// the calling thread follows bucket by bucket. (Both may halve the same path: every parent
/// either writes is an ancestor, so the forest stays valid; see forest_merge.c.) Buckets
/// with few edges (the heavy tail of the weights) are left to the one-thread pass that
/// follows.
///
/// Nothing else of the photo should run meanwhile: a third thread that takes a core stalls
/// the calling thread's waits.
struct TwoThreadMerge: @unchecked Sendable {
    let forest: SegmentationForest
    let bucketStart: UnsafePointer<Int>
    /// Per bucket, the index of its first key whose pixel lies in the bottom rows.
    let split: UnsafePointer<Int>
    /// Per pixel, read at roots: owned by the calling thread (see the type's documentation).
    let shared: UnsafeMutablePointer<UInt8>
    /// The second thread's set-aside keys, bucket after bucket.
    let setAside: UnsafeMutablePointer<UInt32>
    /// Per bucket, the end of its set-aside keys in `setAside` (the start is the previous
    /// bucket's end); written by the second thread before it reports the bucket done.
    let setAsideEnd: UnsafeMutablePointer<Int>
    let buckets: Range<Int>
    let progress: BucketProgress

    /// Splits the rows at 45% of the height, the second thread taking the larger part: the
    /// calling thread also merges the set-aside edges, so both then end about together.
    /// Nil when the image is too small to be worth it.
    static func rowsSplit(width: Int, height: Int) -> Int? {
        height >= 32 && width >= 16 ? height * 45 / 100 : nil
    }

    /// Runs the merge rule over the first buckets of `forest` on the calling thread and a
    /// second one: the buckets up to the last one holding at least `minimumKeys` keys, the
    /// rows split at `splitRow`. When the calling thread has slept longer than `patience`
    /// in all waiting for the second one, it stops it and takes the rest of those alone.
    /// - Returns: the buckets left, for the caller to merge on one thread
    ///   (``SegmentationForest/merge(buckets:bucketStart:)``) once the second thread is gone.
    static func run(_ forest: SegmentationForest, buckets: Int, bucketStart: UnsafePointer<Int>,
                    width: Int, height: Int, splitRow: Int, minimumKeys: Int, patience: Duration) -> Range<Int> {
        var dense = 0
        for bucket in 0..<buckets where bucketStart[bucket + 1] - bucketStart[bucket] >= minimumKeys {
            dense = bucket + 1
        }
        guard dense > 0 else { return 0..<buckets }
        let firstBottomKey = UInt32(truncatingIfNeeded: splitRow * width * 4)
        var split = [Int](repeating: 0, count: dense)
        var bottomKeys = 0
        for bucket in 0..<dense {
            split[bucket] = firstIndex(atLeast: firstBottomKey, keys: forest.keys,
                                       bucketStart[bucket]..<bucketStart[bucket + 1])
            bottomKeys += bucketStart[bucket + 1] - split[bucket]
        }
        // The top rows and the bottom's first row start shared.
        let sharedPixels = (splitRow + 1) * width
        var shared = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            buffer.baseAddress!.initialize(repeating: 1, count: sharedPixels)
            (buffer.baseAddress! + sharedPixels).initialize(repeating: 0, count: width * height - sharedPixels)
            count = width * height
        }
        var setAside = [UInt32](unsafeUninitializedCapacity: bottomKeys) { _, count in count = bottomKeys }
        var setAsideEnd = [Int](repeating: 0, count: dense)
        split.withUnsafeBufferPointer { split in
        shared.withUnsafeMutableBufferPointer { shared in
        setAside.withUnsafeMutableBufferPointer { setAside in
        setAsideEnd.withUnsafeMutableBufferPointer { setAsideEnd in
            let merge = TwoThreadMerge(forest: forest, bucketStart: bucketStart, split: split.baseAddress!,
                                       shared: shared.baseAddress!, setAside: setAside.baseAddress!,
                                       setAsideEnd: setAsideEnd.baseAddress!, buckets: 0..<dense,
                                       progress: BucketProgress())
            merge.run(patience: patience)
        }
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

    /// The top rows on the calling thread, the bottom rows on a second one.
    private func run(patience: Duration) {
        let merge = self
        _ = runOnSecondThread(while: { merge.runTop(patience: patience) }, { merge.runBottom() })
    }

    /// The second thread: the bottom rows' edges of each bucket it claims.
    private func runBottom() {
        var setAsideCount = 0
        var cForest = forest.c
        for bucket in buckets {
            guard progress.claim(bucket) else { return }
            let start = split[bucket]
            setAsideCount += cpk_forest_merge_unshared(&cForest, forest.keys + start, bucketStart[bucket + 1] - start,
                                                       forest.weight(ofBucket: bucket), shared, setAside + setAsideCount)
            setAsideEnd[bucket] = setAsideCount
            progress.finished(bucket)
        }
    }

    /// The calling thread: each bucket's top rows, then the bottom's set-aside edges.
    private func runTop(patience: Duration) {
        var slept = Duration.zero
        for bucket in buckets {
            forest.merge(forest.keys, bucketStart[bucket]..<split[bucket], bucket: bucket)
            slept += progress.wait(forBucket: bucket)
            mergeSetAside(bucket)
            if slept > patience {
                // Other work holds the cores, and each wait is for the scheduler: the second
                // thread stops before its next bucket and this one takes the rest alone. The
                // second thread finished this bucket, so it claimed it: `claimed > bucket`.
                let claimed = progress.stop()
                _ = progress.wait(forBucket: claimed - 1, sleeping: true)
                for rest in (bucket + 1)..<buckets.upperBound {
                    if rest < claimed {
                        forest.merge(forest.keys, bucketStart[rest]..<split[rest], bucket: rest)
                        mergeSetAside(rest)
                    } else {
                        forest.merge(forest.keys, bucketStart[rest]..<bucketStart[rest + 1], bucket: rest)
                    }
                }
                return
            }
        }
    }

    /// The edges the second thread set aside in `bucket`.
    private func mergeSetAside(_ bucket: Int) {
        forest.merge(setAside, (bucket == 0 ? 0 : setAsideEnd[bucket - 1])..<setAsideEnd[bucket], bucket: bucket)
    }
}

/// How far the second thread of ``TwoThreadMerge`` is: the buckets it claimed (started)
/// and finished. The calling thread waits for a bucket to be finished, spinning (a bucket
/// takes microseconds; sleeping would cost more than the work), then, when the second
/// thread is late, sleeping on a semaphore so it can have this core. To stop the second
/// thread it takes the claims: a bucket is then either claimed (and will be finished) or
/// never started.
final class BucketProgress: Sendable {
    private let claimed = Atomic<Int>(0)
    private let finishedCount = Atomic<Int>(0)
    private let signal = DispatchSemaphore(value: 0)
    private static let stopped = Int.max

    /// Claims `bucket`, the next one; false once stopped.
    func claim(_ bucket: Int) -> Bool {
        claimed.compareExchange(expected: bucket, desired: bucket + 1, ordering: .relaxed).exchanged
    }

    /// Reports `bucket` finished: its set-aside edges are written.
    func finished(_ bucket: Int) {
        finishedCount.store(bucket + 1, ordering: .releasing)
        signal.signal()
    }

    /// Stops the claims; returns how many buckets were claimed (all of which will be finished).
    func stop() -> Int {
        claimed.exchange(Self.stopped, ordering: .relaxed)
    }

    /// Returns once `bucket` is finished, with the time spent asleep: spins for some 16,000
    /// rounds (tens of microseconds) unless `sleeping`, then sleeps on the semaphore until it
    /// is (each `signal()` after a store wakes it to look again; signals sent while nobody
    /// slept only make later sleeps look once more). Yielding the core instead of sleeping
    /// handed it to whatever else was runnable for a whole scheduler tick.
    func wait(forBucket bucket: Int, sleeping: Bool = false) -> Duration {
        var spins = sleeping ? 1 << 14 : 0
        while finishedCount.load(ordering: .acquiring) <= bucket {
            spins &+= 1
            if spins >= 1 << 14 {
                let start = ContinuousClock.now
                while finishedCount.load(ordering: .acquiring) <= bucket { signal.wait() }
                return ContinuousClock.now - start
            }
        }
        return .zero
    }
}
