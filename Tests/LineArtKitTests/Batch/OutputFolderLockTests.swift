import Foundation
import Testing
@testable import LineArtKit

/// flock(2) locks belong to open files, so two locks taken in one process exclude each other
/// as two runs would.
@Suite struct OutputFolderLockTests {
    @Test func theShardsOfABatchLockApartAndTheSameShardTwiceIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let first = try OutputFolderLock(folder: folder, name: OutputFolderLock.fileName(shard: 1, of: 2), wait: false)
        let second = try OutputFolderLock(folder: folder, name: OutputFolderLock.fileName(shard: 2, of: 2), wait: false)
        #expect(throws: OutputFolderProblem.locked(folder: folder, lockFile: ".lineart-1-of-2.lock")) {
            try OutputFolderLock(folder: folder, name: OutputFolderLock.fileName(shard: 1, of: 2), wait: false)
        }
        let whole = try OutputFolderLock(folder: folder, wait: false)
        #expect(throws: OutputFolderProblem.locked(folder: folder)) { try OutputFolderLock(folder: folder, wait: false) }
        for lock in [first, second, whole] { lock.release() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "lock files go with their runs")
        #expect((try? OutputFolderLock(folder: folder, name: OutputFolderLock.fileName(shard: 1, of: 2), wait: false)) != nil)
    }
}
