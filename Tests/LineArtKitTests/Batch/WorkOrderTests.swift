import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct WorkOrderTests {
    @Test func largestFilesComeFirstTiesInInputOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineart-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sizes = [3, 10, 3, 7]
        let inputs = try sizes.enumerated().map { i, size -> BatchInput in
            let path = folder.appendingPathComponent("f\(i)").path
            try Data(repeating: 1, count: size).write(to: URL(fileURLWithPath: path))
            return BatchInput(path: path, relativePath: "f\(i)")
        }
        let missing = BatchInput(path: folder.appendingPathComponent("none").path, relativePath: "none")
        #expect(largestFirstOrder(inputs + [missing]) == [1, 3, 0, 2, 4])
    }

    /// (count, jobs) → the threads of each photo, in the order the workers take them.
    @Test(arguments: [
        (1, 2, [2]),
        (2, 2, [1, 1]),
        (3, 2, [1, 1, 2]),
        (20, 2, Array(repeating: 1, count: 19) + [2]),
        (3, 4, [1, 1, 1]),        // all three start at once: 4 / 3 cores each, rounded down
        (2, 4, [2, 2]),
        (6, 4, [1, 1, 1, 1, 2, 4]),
        (5, 1, [1, 1, 1, 1, 1]),
    ])
    func threadsFollowTheBatchTail(_ count: Int, _ jobs: Int, _ expected: [Int]) {
        #expect((0..<count).map { threadsForPhoto(at: $0, of: count, jobs: jobs) } == expected)
    }

    /// The photos taken at once never ask for more threads than there are jobs; later
    /// photos never get fewer than the first ones, nor more than the jobs.
    @Test func firstPhotosShareTheCores() {
        for jobs in 1...8 {
            for count in 1...30 {
                let threads = (0..<count).map { threadsForPhoto(at: $0, of: count, jobs: jobs) }
                let workers = min(jobs, count)
                #expect(threads.prefix(workers).reduce(0, +) <= jobs, "count \(count), jobs \(jobs)")
                #expect(threads.allSatisfy { $0 >= threads[0] && $0 <= jobs }, "count \(count), jobs \(jobs)")
                if count > jobs { #expect(threads.last == jobs, "count \(count), jobs \(jobs)") }
            }
        }
    }
}
