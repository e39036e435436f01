import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// A photo's report reaches its name only after its pages, whether the pages are written on
/// the same thread or (two threads per photo) beside the report.
@Suite struct PagesThenReportTests {
    static let photo = Fixtures.repositoryRoot.appendingPathComponent("SampleImages/apple.jpg").path

    static func contents(_ url: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() ?? []
    }

    /// apple.jpg converted with the toddler preset on a 256 px page (the cheapest page: these
    /// tests are about the files) into `folder`/apple.*.
    static func convert(into folder: URL, threads: Int, outputs: PageOutputs = PageOutputs(),
                        existing: ExistingOutputPolicy = .update) throws -> PageConversion {
        var converter = try PhotoConverter(preset: toddlerOnASmallPage())
        converter.threads = threads
        return converter.convert(BatchInput(path: photo, relativePath: "apple.jpg"),
                                 paths: ConversionPaths(base: folder.appendingPathComponent("apple").path),
                                 outputs: outputs, existing: existing)
    }

    @Test(arguments: [1, 2]) func bothAreWrittenAndNoTemporaryIsLeft(threads: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let conversion = try Self.convert(into: folder, threads: threads)
        guard case .converted = conversion.outcome else {
            Issue.record("not converted: \(conversion.outcome)")
            return
        }
        #expect(Self.contents(folder) == ["apple.json", "apple.png"])
    }

    /// With two threads the files are the ones a one-thread conversion writes, resolution
    /// and region map too.
    @Test(arguments: [PageOutputs(), PageOutputs(formats: [.png], page: .none, dpi: 300, regions: true)])
    func theFilesAreTheSameAtOneAndTwoThreads(outputs: PageOutputs) throws {
        var written: [[String: Data]] = []
        for threads in [1, 2] {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let conversion = try Self.convert(into: folder, threads: threads, outputs: outputs)
            guard case .converted(let report) = conversion.outcome else {
                Issue.record("not converted at \(threads) threads: \(conversion.outcome)")
                return
            }
            #expect(report.timingsMs.encode > 0)
            var files: [String: Data] = [:]
            for name in Self.contents(folder) where !name.hasSuffix(".json") {
                files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
            }
            written.append(files)
        }
        #expect(written[0].keys.sorted() == (outputs.regions ? ["apple.png", "apple.regions.png"] : ["apple.png"]))
        #expect(written[0] == written[1])
    }

    /// The page cannot be renamed into place (a folder with a file in it has its name): the
    /// photo fails, and the report, already written under a temporary name when the page is
    /// written beside it, is removed instead of committed.
    @Test(arguments: [1, 2]) func aPageThatCannotBeWrittenLeavesNoReport(threads: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("apple.png")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
        try Data([1]).write(to: blocker.appendingPathComponent("keep"))
        let conversion = try Self.convert(into: folder, threads: threads, existing: .overwrite)
        guard case .failed(let reason) = conversion.outcome else {
            Issue.record("converted although the page could not be written")
            return
        }
        #expect(reason == "cannot write \(blocker.path): is a directory", "\(reason)")
        #expect(Self.contents(folder) == ["apple.png"])
        #expect(Self.contents(blocker) == ["keep"])
    }

    @Test func aStagedFileIsInvisibleUntilCommittedAndGoneWhenDiscarded() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = AtomicFileWriter()
        let kept = try writer.stage([1, 2, 3], toPath: folder.appendingPathComponent("kept.json").path)
        let dropped = try writer.stage([4], toPath: folder.appendingPathComponent("dropped.json").path)
        #expect(Self.contents(folder).allSatisfy(AtomicFileWriter.isTemporaryName), "\(Self.contents(folder))")
        #expect(Self.contents(folder).count == 2)
        try writer.commit(kept)
        writer.discard(dropped)
        #expect(Self.contents(folder) == ["kept.json"])
        #expect(try [UInt8](Data(contentsOf: folder.appendingPathComponent("kept.json"))) == [1, 2, 3])
    }
}
