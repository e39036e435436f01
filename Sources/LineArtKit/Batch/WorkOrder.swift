import Foundation

/// The order in which to hand a batch's photos to parallel workers: largest file first
/// (longest-processing-time-first scheduling), ties in input order.
///
/// With items taken in input order, a 20 MP photo that comes last runs alone while the
/// other workers idle; started first, it overlaps with many small photos and the workers
/// finish close together. File size (following symbolic links) stands in for the work;
/// files that cannot be read count as 0 and go last. Returns a permutation of the indices.
public func largestFirstOrder(_ inputs: [BatchInput]) -> [Int] {
    let sizes = inputs.map { input -> Int64 in
        var info = stat()
        return stat(input.path, &info) == 0 ? Int64(info.st_size) : 0
    }
    return inputs.indices.sorted { a, b in
        sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a < b
    }
}
