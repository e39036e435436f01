import Foundation
import LineArtKit
import Testing

/// One photo in, one file out: `-o NAME.png|.svg|.pdf`, `-o -`, `-` for standard input,
/// `NAME.page.png` here without `-o`.
@Suite struct OnePhotoCLITests {
    @Test func oneFileNamedByOutputAndItsReportOnlyWhenAsked() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        let plain = try CLI.run(["convert", "in/apple.jpg", "-o", "cat-page.png"], in: folder.url)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("page: cat-page.png"))
        #expect(folder.allFiles() == ["cat-page.png", "in/apple.jpg"])

        let withReport = try CLI.run(["convert", "in/apple.jpg", "-o", "cat.svg", "--report", "-q"], in: folder.url)
        #expect(withReport.status == 0, "\(withReport.stderr)")
        #expect(folder.allFiles() == ["cat-page.png", "cat.json", "cat.svg", "in/apple.jpg"])
        #expect(try readJSONObject(folder.path("cat.json"))["page"] as? String == "cat.svg")

        let again = try CLI.run(["convert", "in/apple.jpg", "-o", "cat-page.png"], in: folder.url)
        #expect(again.status == 1 && again.stderr.contains("cat-page.png already exists"))
    }

    @Test func withoutOutputOnePhotoGoesHereAsNamePagePNG() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        let result = try CLI.run(["convert", "in/apple.jpg", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.allFiles() == ["apple.page.png", "in/apple.jpg"])

        let aFolder = try CLI.run(["convert", "in"], in: folder.url)
        #expect(aFolder.status == 2 && aFolder.stderr.contains("missing --output DIR"))
        let fileForFolder = try CLI.run(["convert", "in", "-o", "pages.png"], in: folder.url)
        #expect(fileForFolder.status == 2 && fileForFolder.stderr.contains("need a folder"))
        #expect(folder.allFiles() == ["apple.page.png", "in/apple.jpg"])
    }

    @Test func standardInputToStandardOutputIsThePageOfTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        let file = try CLI.run(["convert", "apple.jpg", "-o", "apple.png", "-q"], in: folder.url)
        #expect(file.status == 0, "\(file.stderr)")
        let photo = try Data(contentsOf: folder.path("apple.jpg"))
        let piped = try CLI.run(["convert", "-", "-o", "-", "-q"], in: folder.url, standardInput: photo)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutBytes == (try Data(contentsOf: folder.path("apple.png"))))
        #expect(folder.allFiles() == ["apple.jpg", "apple.png"])

        let withReport = try CLI.run(["convert", "-", "-o", "-", "--report"], in: folder.url, standardInput: photo)
        #expect(withReport.status == 2 && withReport.stderr.contains("--report cannot go with --output -"))
    }
}
