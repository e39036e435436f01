import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// Whole-file reads give the file's bytes, whatever its size.
@Suite struct FileBytesTests {
    @Test(arguments: [0, 1, 1 << 20, (1 << 20) + 1, 4_400_001])
    func readsTheFilesBytes(size: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        let content = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = folder.appendingPathComponent("file.bin").path
        try Data(content).write(to: URL(fileURLWithPath: path))
        let bytes = try FileBytes.load(path: path)
        #expect(bytes.count == size)
        #expect(bytes == content)
    }
}
