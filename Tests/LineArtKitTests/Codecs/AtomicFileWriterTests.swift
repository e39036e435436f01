import Foundation
import Testing
@testable import LineArtKit

@Suite struct AtomicFileWriterTests {
    static func contents(_ url: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() ?? []
    }

    @Test func writesAndReplaces() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("page.png")
        try writeAtomically([1, 2, 3], to: target)
        #expect(try [UInt8](Data(contentsOf: target)) == [1, 2, 3])
        try writeAtomically([9, 8], to: target)
        #expect(try [UInt8](Data(contentsOf: target)) == [9, 8])
        #expect(Self.contents(folder) == ["page.png"])  // no temporary files left
    }

    @Test func createsParentsOnlyWhenAsked() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nested = folder.appendingPathComponent("a/b/out.png")
        #expect(throws: CodecError.self) { try writeAtomically([1], to: nested) }
        try AtomicFileWriter(createParentDirectories: true).write([7], to: nested)
        #expect(try [UInt8](Data(contentsOf: nested)) == [7])
    }

    @Test func failureRemovesTemporaryAndKeepsDestination() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Renaming a file over a non-empty directory fails after the temp file was written.
        let blocker = folder.appendingPathComponent("out.png")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        try Data([1]).write(to: blocker.appendingPathComponent("keep"))
        var caught: CodecError? = nil
        do throws(CodecError) { try writeAtomically([1, 2], to: blocker) } catch { caught = error }
        guard case .io(let message)? = caught else {
            Issue.record("expected io error")
            return
        }
        #expect(message.contains("rename"))
        #expect(Self.contents(folder) == ["out.png"])
        #expect(Self.contents(blocker) == ["keep"])
    }
}
