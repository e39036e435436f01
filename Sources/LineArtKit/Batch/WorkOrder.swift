import FoundationEssentials
import Glibc

/// The order in which to hand a batch's photos to parallel workers: largest file first
/// (longest-processing-time-first scheduling), ties in input order.
///
/// With items taken in input order, a 20 MP photo that comes last runs alone while the
/// other workers idle; started first, it overlaps with many small photos and the workers
/// finish close together. File size (following symbolic links) stands in for the work;
/// files that cannot be read count as 0 and go last. Returns a permutation of the indices.
package func largestFirstOrder(_ inputs: [BatchInput]) -> [Int] {
    let sizes = inputs.map { input -> Int64 in
        var info = stat()
        return stat(input.path, &info) == 0 ? Int64(info.st_size) : 0
    }
    return inputs.indices.sorted { a, b in
        sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a < b
    }
}

/// How many threads the photo at `position` (0-based, in the order workers take them) of
/// a batch of `count` photos gets, when `jobs` cores convert the batch with one worker per
/// photo (``runInParallel(count:jobs:isCancelled:work:onFinish:)``).
///
/// - The first photos, taken at once, share the cores evenly: cores no photo can use
///   (fewer photos than jobs) split each photo's row-parallel steps and its JPEG decode.
/// - A photo taken later, when fewer photos are left than workers, also gets the cores of
///   the workers that will find nothing left to take: the last photo all `jobs`, the one
///   before it half of them, and so on. Until the other workers finish their photos this
///   runs more threads than cores, which costs little; after that, cores that would idle
///   finish the batch's tail sooner.
///
/// The pages do not depend on the thread count; only the time does.
package func threadsForPhoto(at position: Int, of count: Int, jobs: Int) -> Int {
    let workers = max(1, min(jobs, count))
    let even = max(1, jobs / workers)
    guard position >= workers else { return even }
    let left = max(1, count - position)  // this photo and those after it
    return max(even, jobs / min(workers, left))
}
