import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
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

    /// A name of 255 bytes (the most a file name may have), in several-byte characters too:
    /// its temporary file's name is cut to fit, so it is written like any other.
    @Test func aNameOfTheLongestLengthIsWritten() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in [String(repeating: "a", count: 251) + ".png", String(repeating: "é", count: 125) + ".png."] {
            #expect(name.utf8.count == 255)
            let target = folder.appendingPathComponent(name)
            try writeAtomically([4, 2], to: target)
            #expect(try [UInt8](Data(contentsOf: target)) == [4, 2])
        }
        #expect(Self.contents(folder).count == 2)
    }

    @Test func createsParentsOnlyWhenAsked() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nested = folder.appendingPathComponent("a/b/out.png")
        #expect(throws: CodecError.self) { try writeAtomically([1], to: nested) }
        try AtomicFileWriter(createParentDirectories: true).write([7], to: nested)
        #expect(try [UInt8](Data(contentsOf: nested)) == [7])
    }

    /// Failures are said in words, naming the file as given: no Foundation error dumps
    /// (NSCocoaErrorDomain Code=516), no temporary file names.
    @Test func failuresNameTheFileAndTheReasonInWords() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([1]).write(to: folder.appendingPathComponent("afile"))
        func message(_ relative: String) -> String? {
            let path = folder.appendingPathComponent(relative).path
            do throws(CodecError) {
                try AtomicFileWriter(createParentDirectories: true).write([1], toPath: path)
            } catch {
                if case .io(let message) = error { return message }
            }
            return nil
        }
        let afile = folder.appendingPathComponent("afile").path
        #expect(message("afile/book.pdf") == "cannot write \(afile)/book.pdf: \(afile) is not a folder")
        #expect(message("afile/sub/book.pdf") == "cannot write \(afile)/sub/book.pdf: \(afile) is not a folder")
        var noFolder: String? = nil
        do throws(CodecError) { try writeAtomically([1], to: folder.appendingPathComponent("afile/x.pdf")) } catch {
            if case .io(let text) = error { noFolder = text }
        }
        #expect(noFolder == "cannot write \(afile)/x.pdf: \(afile) is not a folder", "\(String(describing: noFolder))")
        #expect(Self.contents(folder) == ["afile"])
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
        #expect(message == "cannot write \(blocker.path): is a directory", "\(message)")
        #expect(Self.contents(folder) == ["out.png"])
        #expect(Self.contents(blocker) == ["keep"])
    }
}
