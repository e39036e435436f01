import Foundation
import Testing
@testable import LineArtKit

/// Whole-file reads: one thread or two (a large file in two halves at once) give the same bytes.
@Suite struct FileBytesTests {
    @Test(arguments: [0, 1, 1 << 20, (1 << 20) + 1, 4_400_001])
    func twoThreadsReadTheSameBytes(size: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        let content = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = folder.appendingPathComponent("file.bin").path
        try Data(content).write(to: URL(fileURLWithPath: path))
        let one = try FileBytes.load(path: path)
        let two = try FileBytes.load(path: path, twoThreads: true)
        #expect(one.count == size && two.count == size)
        #expect(one == content, "one thread")
        #expect(two == content, "two threads")
    }

    @Test func aSampleJPEGDecodesTheSameReadEitherWay() throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("SampleImages/Kleiber_by_Lukas_Baubkus.jpg").path
        #expect(try FileBytes.load(path: path, twoThreads: true) == FileBytes.load(path: path))
    }
}
