import Foundation
import LineArtKit
import Testing

/// What a batch writes besides the pages: its output folder, report.json and contact sheet
/// after a resumed run, the pages a contact sheet shows.
@Suite struct OutputFolderCLITests {
    @Test func anOutputFolderThatCannotBeMadeIsSaidInWords() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        try folder.write("afile", Array("x".utf8))
        // For convert the folder is part of the command line: a usage error.
        for (command, status) in [("convert", Int32(2)), ("tune", 1)] {
            let result = try CLI.run([command, "apple.jpg", "-o", "afile/sub", "-q"], in: folder.url)
            #expect(result.status == status, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("cannot create output folder afile/sub: afile is not a folder"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        }
        let empty = try CLI.run(["convert", "apple.jpg", "-o", ""], in: folder.url)
        #expect(empty.status == 2 && empty.stderr.contains("--output is empty"), "\(empty.stderr)")
    }
}

@Suite struct ResumeCLITests {
    /// A batch resumed with --skip-existing reports on the whole batch: the pages an earlier
    /// run made stay among `pages` (marked kept) and on the contact sheet.
    /// Photos without an extension, `cat` and `cat.regions`, both wrote `cat.regions.png`
    /// with --regions (one's region map, the other's page), and a photo `report` wrote its
    /// report over the batch report: every photo now has files of its own.
    @Test func photosWithoutAnExtensionNeverShareAnOutputFile() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/cat")
        try folder.copySample("HappyFish.jpg", to: "in/cat.regions")
        try folder.copySample("coffee.png", to: "in/report")
        let result = try CLI.run(["convert", "in", "-o", "out", "--regions", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.allFiles().filter { $0.hasPrefix("out/") } == [
            "out/cat.json", "out/cat.png", "out/cat.regions-2.json", "out/cat.regions-2.png",
            "out/cat.regions-2.regions.png", "out/cat.regions.png", "out/report-2.json", "out/report-2.png",
            "out/report-2.regions.png", "out/report.json",
        ], "\(folder.allFiles())")
        let catMap = try readJSONObject(folder.path("out/cat.json"))["regionMap"] as? String
        #expect(catMap?.hasSuffix("out/cat.regions.png") == true, "\(catMap ?? "")")
        let pages = try #require(try readJSONObject(folder.path("out/report.json"))["pages"] as? [[String: Any]])
        #expect(Set(pages.compactMap { $0["page"] as? String }).count == 3, "\(pages)")
    }

    @Test func aResumedBatchSummarisesTheKeptPagesToo() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        let first = try CLI.run(["convert", "in/apple.jpg", "-o", "out", "--preset", "toddler", "-q"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let resumed = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--skip-existing",
                                   "--contact-sheet", "sheet.html", "-q"], in: folder.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let batch = try readJSONObject(folder.path("out/report.json"))
        let counts = try #require(batch["counts"] as? [String: Int])
        #expect(counts["converted"] == 1 && counts["skipped"] == 1 && counts["total"] == 2, "\(counts)")
        let pages = try #require(batch["pages"] as? [[String: Any]])
        #expect(pages.count == 2)
        #expect(pages.filter { $0["kept"] as? Bool == true }.compactMap { $0["input"] as? String } == ["in/apple.jpg"])
        let apple = try #require(try readJSONObject(folder.path("out/apple.json"))["fillability"] as? [String: Any])
        let scores = pages.compactMap { $0["score"] as? Double }
        #expect(scores.contains(try #require(apple["score"] as? Double)))
        let sheet = try String(contentsOf: folder.path("sheet.html"), encoding: .utf8)
        #expect(sheet.contains("apple") && sheet.contains("fish"))
    }

    /// The booklet of a resumed batch has every page: the kept one is drawn again when this
    /// run has its settings, and left out (with a note) when it was made with others.
    @Test func aResumedBatchsBookletHasTheKeptPagesToo() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        _ = try CLI.run(["convert", "in/apple.jpg", "-o", "out", "--preset", "toddler", "-q"], in: folder.url)
        let same = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--skip-existing",
                                "--booklet", "book.pdf", "-q"], in: folder.url)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(!same.stderr.contains("left out"), "\(same.stderr)")
        let earlier = try Data(contentsOf: folder.path("book.pdf"))
        #expect(String(decoding: earlier, as: UTF8.self).contains("/Count 2"), "two pages")
        let other = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--set", "thickness=5",
                                 "--skip-existing", "--booklet", "book.pdf", "-q"], in: folder.url)
        #expect(other.stderr.contains("book.pdf: not written: 0 of 2 pages"), "\(other.stderr)")
        #expect(other.status == 1, "\(other.stderr)")
        #expect(try Data(contentsOf: folder.path("book.pdf")) == earlier, "the earlier booklet is left as it was")
    }

    /// A booklet with no page would be a PDF that viewers refuse (`/Count 0`): it is not
    /// written, stderr says why and the exit status is 1, as for a booklet that cannot be
    /// written; an existing booklet is left as it was.
    @Test func aBookletWithNoPageIsNotWritten() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.path("empty"), withIntermediateDirectories: true)
        let empty = try CLI.run(["convert", "empty", "-o", "out", "--booklet", "book.pdf", "-q"], in: folder.url)
        #expect(empty.status == 1, "\(empty.stderr)")
        #expect(empty.stderr.contains("lineart: book.pdf: not written: no photos"), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("book.pdf").path))

        try folder.write("in/notes.jpg", Array("not a photo\n".utf8))
        try folder.write("book.pdf", Array("an old booklet\n".utf8))
        let failed = try CLI.run(["convert", "in", "-o", "out", "--booklet", "book.pdf", "--overwrite", "-q"], in: folder.url)
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("lineart: book.pdf: not written: 0 of 1 pages"), "\(failed.stderr)")
        #expect(try String(contentsOf: folder.path("book.pdf"), encoding: .utf8) == "an old booklet\n")
    }
}

@Suite struct ContactSheetPagesCLITests {
    /// Without a PNG page (--format svg,pdf) the sheet shows the SVG, not a NAME.png that
    /// was never written.
    @Test func aContactSheetOfVectorPagesShowsTheSVG() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        let result = try CLI.run(["convert", "apple.jpg", "-o", "out", "--format", "svg,pdf",
                                  "--contact-sheet", "out/sheet.html", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try String(contentsOf: folder.path("out/sheet.html"), encoding: .utf8)
        #expect(sheet.contains("src=\"apple.svg\""))
        #expect(!sheet.contains("apple.png"))
        // PDF pages alone: a link to the PDF, not a broken image.
        let pdf = try CLI.run(["convert", "apple.jpg", "-o", "pdf", "--format", "pdf",
                               "--contact-sheet", "pdf/sheet.html", "-q"], in: folder.url)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let pdfSheet = try String(contentsOf: folder.path("pdf/sheet.html"), encoding: .utf8)
        #expect(pdfSheet.contains("<a href=\"apple.pdf\">apple.pdf</a>"), "\(pdfSheet)")
        #expect(!pdfSheet.contains("src=\"apple.pdf\""))
    }
}
