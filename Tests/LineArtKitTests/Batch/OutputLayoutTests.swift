import Foundation
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit
import Testing

/// ``OutputLayout`` gives every photo of a batch its own output files.
@Suite struct OutputLayoutTests {
    /// Every file a photo may get: its pages, its report and its region map.
    static let extensions = ["png", "svg", "pdf", "json", "regions.png"]

    static func layout(_ names: [String]) -> OutputLayout {
        OutputLayout(root: "out", inputs: names.map { BatchInput(path: "/nonexistent/\($0)", relativePath: $0) })
    }

    /// All output paths of all photos, lowercased (a case-insensitive file system merges case).
    static func outputPaths(_ layout: OutputLayout) -> [String] {
        layout.stems.indices.flatMap { index in extensions.map { layout.path(for: index, extension: $0).lowercased() } }
    }

    @Test func plainNamesKeepTheirStem() {
        let layout = Self.layout(["cat.jpg", "a/img.jpg", "b/img.jpg"])
        #expect(layout.stems == ["cat", "a/img", "b/img"])
    }

    @Test func photosSharingAStemKeepTheirFullNames() {
        let layout = Self.layout(["img.jpg", "img.png", "report.png"])
        #expect(layout.stems == ["img.jpg", "img.png", "report.png"])
    }

    /// `cat.regions.png`'s page would be `cat.jpg`'s region map, and `img.jpg.png`'s stem is
    /// the full name that `img.jpg` falls back to when it clashes with `img.png`.
    @Test(arguments: [
        ["cat.jpg", "cat.regions.png"],
        ["cat.regions.png", "cat.jpg"],
        ["img.jpg", "img.png", "img.jpg.png"],
        ["Cat.jpg", "cat.Regions.jpg"],
        ["a/x.jpg", "a/x.regions.jpg", "a/x.regions.png", "a/x.regions.regions.png", "a/x.png"],
    ])
    func noTwoPhotosShareAnOutputFile(_ names: [String]) {
        let paths = Self.outputPaths(Self.layout(names))
        #expect(Set(paths).count == paths.count, "\(paths)")
    }

    /// Photos without an extension cannot fall back to a longer name: `cat`'s region map
    /// and `cat.regions`'s page were both `cat.regions.png`, and `report`'s report was the
    /// batch report. A photo whose full name still clashes gets a numbered stem; a page
    /// that would be a folder of another photo's outputs (`a.png/`) is renamed too.
    @Test(arguments: [
        ["cat", "cat.regions"],
        ["cat.regions", "cat"],
        ["Cat", "cat.REGIONS"],
        ["cat", "cat.regions", "cat.regions-2", "cat.regions.regions"],
        ["report", "report-2", "report.jpg"],
        ["a.jpg", "a.png/b.jpg"],
        ["a", "a.png/b.jpg", "a.json/c", "a.png"],
    ])
    func noOutputIsAnotherPhotosFileTheBatchReportOrAFolder(_ names: [String]) {
        let paths = Self.outputPaths(Self.layout(names))
        #expect(Set(paths).count == paths.count, "\(paths)")
        #expect(!paths.contains("out/report.json"), "\(paths)")
        let folders = Set(paths.flatMap { path in
            path.indices.filter { path[$0] == "/" }.map { String(path[..<$0]) }
        })
        #expect(folders.isDisjoint(with: paths), "\(paths)")
    }

    @Test func aFullNameThatStillClashesGetsTheSmallestFreeNumber() {
        #expect(Self.layout(["cat", "cat.regions"]).stems == ["cat", "cat.regions-2"])
        #expect(Self.layout(["report"]).stems == ["report-2"])
        #expect(Self.layout(["report", "report-2"]).stems == ["report-3", "report-2"])
        #expect(Self.layout(["a", "a.png/b.jpg"]).stems == ["a-2", "a.png/b"])
        #expect(Self.layout(["a.jpg", "a.png/b.jpg"]).stems == ["a.jpg", "a.png/b"])
        // Names that clash with nothing keep their stems.
        #expect(Self.layout(["cat", "dog.regions", "sub/report"]).stems == ["cat", "dog", "sub/report"])
    }
}
