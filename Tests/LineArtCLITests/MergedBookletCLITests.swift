import Foundation
import LineArtKit
import Testing

/// `report merge --booklet`: the booklet of a batch converted in shards is the one a single
/// `convert --booklet` run writes (issue #36).
@Suite struct MergedBookletCLITests {
    /// ``ShardsCLITests/batch()`` without the photo that fails, so a merge exits 0.
    static func batch() throws -> TemporaryFolder {
        let folder = try ShardsCLITests.batch()
        try FileManager.default.removeItem(at: folder.path("in/odd/notes.jpg"))
        return folder
    }

    static func convert(_ options: [String]) -> [String] {
        ["convert", "in", "-o", "out", "--jobs", "1", "-q"] + options
    }

    /// The shards of the batch, 1/2 and 2/2, then their merge with `--booklet book.pdf`.
    static func shardsMerged(_ folder: TemporaryFolder, options: [String],
                             mergeOptions: [String] = ["--booklet", "book.pdf"]) throws -> CLI.Result {
        for number in 1...2 {
            let shard = try CLI.run(convert(options + ["--shard", "\(number)/2"]), in: folder.url)
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        return try CLI.run(["report", "merge", "out", "-q"] + mergeOptions, in: folder.url)
    }

    /// The PDF's pages (each page object has one `/Type /Page /Parent`).
    static func pageCount(_ pdf: Data) -> Int {
        String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Type /Page /Parent").count - 1
    }

    /// Byte for byte: the PDF has nothing of its run (no date, no ID), so the two are equal.
    /// (`--preset auto`: ``aPagePresetAutoChoseIsDrawnAgainFromAutosDecode()``.)
    @Test(arguments: [
        ["--page", "a4"],
        ["--page", "letter", "--margin", "12.5", "--format", "svg,png", "--dpi", "150"],
        ["--page", "letter", "--preset", "toddler", "--set", "maxDimension=300", "--regions"],
    ])
    func mergedBookletIsTheSingleRunsBooklet(options: [String]) throws {
        let folder = try Self.batch()
        let single = try CLI.run(Self.convert(options + ["--booklet", "single.pdf"]), in: folder.url)
        #expect(single.status == 0, "\(single.stderr)")
        let singleBooklet = try Data(contentsOf: folder.path("single.pdf"))
        #expect(Self.pageCount(singleBooklet) == 6)

        try FileManager.default.removeItem(at: folder.path("out"))
        let merge = try Self.shardsMerged(folder, options: options)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stderr.isEmpty, "\(merge.stderr)")
        let mergedBooklet = try Data(contentsOf: folder.path("book.pdf"))
        #expect(mergedBooklet == singleBooklet, "\(options): \(mergedBooklet.count) bytes, single run's \(singleBooklet.count)")
    }

    /// `--preset auto` decodes a photo at the size of its largest preset (768 px); a page it
    /// made with a smaller preset (LadyBird.jpg: 512 px) is drawn again from that decode too.
    @Test func aPagePresetAutoChoseIsDrawnAgainFromAutosDecode() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("LadyBird.jpg", to: "in/ladybird.jpg")
        let options = ["--page", "a4", "--preset", "auto"]
        let single = try CLI.run(Self.convert(options + ["--booklet", "single.pdf"]), in: folder.url)
        #expect(single.status == 0, "\(single.stderr)")
        let chosen = try readJSONObject(folder.path("out/ladybird.json"))["preset"] as? String
        #expect(chosen != nil && chosen != "portrait" && chosen != "object", "auto chose \(chosen ?? "nothing")")

        try FileManager.default.removeItem(at: folder.path("out"))
        let merge = try Self.shardsMerged(folder, options: options)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try Data(contentsOf: folder.path("book.pdf")) == Data(contentsOf: folder.path("single.pdf")))
    }

    /// A photo moved away and one changed since the shards drew them: each is named and
    /// left out, the booklet has the others, and the merge exits 1.
    @Test func aPhotoMovedOrChangedIsLeftOutOfTheBooklet() throws {
        let folder = try Self.batch()
        let options = ["--page", "a4"]
        _ = try Self.shardsMerged(folder, options: options, mergeOptions: [])
        try FileManager.default.moveItem(at: folder.path("in/even/photo-0.png"), to: folder.path("photo-0.png"))
        let other = ByteImage(width: 120, height: 90, repeating: 128)
        try folder.write("in/odd/photo-1.png", try PNGEncoder(pixelFormat: .gray8).encode(other))

        let merge = try CLI.run(["report", "merge", "out", "-q", "--booklet", "book.pdf"], in: folder.url)
        #expect(merge.status == 1, "\(merge.stderr)")
        let lines = merge.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(merge.stderr)")
        #expect(lines.contains { $0.hasPrefix("lineart: in/even/photo-0.png: cannot be read") && $0.hasSuffix("left out of the booklet") },
                "\(merge.stderr)")
        #expect(lines.contains { $0.hasPrefix("lineart: in/odd/photo-1.png: drawn again, its page is not the photo-1.png that out/odd/photo-1.json records") },
                "\(merge.stderr)")
        #expect(Self.pageCount(try Data(contentsOf: folder.path("book.pdf"))) == 4)
        #expect(folder.allFiles().contains("out/report.json"))
    }

    /// A booklet named where a photo, a page or the contact sheet is: refused (exit 2) before
    /// anything is written, the file left as it was.
    @Test(arguments: [
        (["--booklet", "in/even/photo-2.png"], "would overwrite the input photo in/even/photo-2.png"),
        (["--booklet", "out/even/photo-2.json"], "is out/even/photo-2.json, which this batch writes"),
        (["--booklet", "out/report.json"], "is out/report.json, which this batch writes"),
        (["--contact-sheet", "b.pdf", "--booklet", "./b.pdf"], "is the same file as --contact-sheet"),
        (["--booklet", "in"], "is a directory"),
    ])
    func aBookletThatWouldReplaceABatchFileIsRefused(options: [String], message: String) throws {
        let folder = try Self.batch()
        _ = try Self.shardsMerged(folder, options: ["--page", "none"], mergeOptions: [])
        try FileManager.default.removeItem(at: folder.path("out/report.json"))
        let before = folder.allFiles().map { (try? Data(contentsOf: folder.path($0))) ?? Data() }
        let merge = try CLI.run(["report", "merge", "out"] + options, in: folder.url)
        #expect(merge.status == 2, "\(merge.stderr)")
        #expect(merge.stderr.contains(message), "\(merge.stderr)")
        #expect(folder.allFiles().map { (try? Data(contentsOf: folder.path($0))) ?? Data() } == before)
    }
}
