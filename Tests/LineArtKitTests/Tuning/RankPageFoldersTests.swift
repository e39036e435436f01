import Foundation
import Testing
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// ``RankPageFolders`` clears the rank folders an earlier tuning run left, and only those
/// that hold nothing but pages.
@Suite struct RankPageFoldersTests {
    static func make(_ root: URL, _ files: [String]) throws {
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([1]).write(to: url)
        }
    }

    @Test func foldersOfOnlyPagesGoAndOthersStayNamed() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.make(root, [
            "pages/rank-1/a.png", "pages/rank-1/sub/b.png", "pages/rank-1/sub/.b.png.tmp-1f",
            "pages/rank-2/a.png", "pages/rank-2/notes.txt",
            "pages/rank-10/a.png",
            "pages/rank-3/a.png",
            "pages/rank-01/a.png", "pages/rankings/a.png", "pages/mine.png", "evaluations.json",
        ])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pages/rank-4"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("pages/rank-3/link.png").path,
                                                   withDestinationPath: root.appendingPathComponent("evaluations.json").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("pages/rank-5").path,
                                                   withDestinationPath: root.appendingPathComponent("pages/rank-1").path)
        let kept = RankPageFolders(outputFolder: root.path).clearEarlierRuns()
        let pages = root.appendingPathComponent("pages").path
        #expect(kept == [
            .init(path: pages + "/rank-2", reason: "it holds notes.txt, which tune does not write"),
            .init(path: pages + "/rank-3", reason: "it holds link.png, which tune does not write"),
            .init(path: pages + "/rank-5", reason: "it is not a folder but a file or a symbolic link"),
        ])
        let left = try FileManager.default.contentsOfDirectory(atPath: pages).sorted()
        #expect(left == ["mine.png", "rank-01", "rank-2", "rank-3", "rank-5", "rankings"])
        // Links are not followed: the file a link points at is untouched.
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("evaluations.json").path))
        #expect(kept[0].note.hasSuffix("rank-2 is left as it is (it holds notes.txt, which tune does not write): pages in it may be from an earlier run, not in report.html"))
    }

    @Test func noPagesFolderIsNothingToDo() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(RankPageFolders(outputFolder: root.path).clearEarlierRuns().isEmpty)
        #expect(RankPageFolders.rank(ofFolderNamed: "rank-12") == 12)
        for name in ["rank-0", "rank-", "rank-+1", "rank-1a", "rank-١"] {
            #expect(RankPageFolders.rank(ofFolderNamed: name) == nil, "\(name)")
        }
    }
}
