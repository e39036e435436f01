import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct ContactSheetTests {
    @Test func relativePathsClimbToTheCommonFolder() {
        #expect(relativePath("/a/b/SampleImages/x.jpg", from: "/a/b/docs/sheet") == "../../SampleImages/x.jpg")
        #expect(relativePath("/a/b/docs/sheet/x.png", from: "/a/b/docs/sheet") == "x.png")
        #expect(relativePath("/a/b/docs/sheet/sub/x.png", from: "/a/b/docs/sheet") == "sub/x.png")
    }

    @Test func sheetShowsEveryPhotoItsPageAndItsVerdict() {
        var page = ByteImage(width: 20, height: 20, repeating: 255)
        for i in 0..<20 { page[10, i] = 0 }
        let result = FillabilityValidator(minRegionArea: 10).validate(page)
        let rows = [ContactSheet.Row(photoPath: "/w/photos/cat & dog.jpg", pagePath: "/w/out/cat.png", preset: "pet", fillability: result)]
        let html = ContactSheet(title: "Sheet", rows: rows).html(sheetPath: "/w/out/index.html")
        #expect(html.contains("src=\"../photos/cat%20%26%20dog.jpg\""))
        #expect(html.contains(">cat &amp; dog.jpg</td>"), "the visible name is HTML-escaped text")
        #expect(html.contains("src=\"cat.png\""))
        #expect(html.contains("does not pass"))
        #expect(html.contains("regions 2</span> (50-500)"))
        #expect(html.contains("0 of 1 pages pass"))
        #expect(!html.contains("faces"))
        let withFace = ContactSheet(title: "Sheet", rows: [ContactSheet.Row(photoPath: "/w/a.jpg", pagePath: "/w/out/a.png",
                                                                      preset: "portrait", fillability: result, faces: 2)])
        #expect(withFace.html(sheetPath: "/w/out/index.html").contains("faces 2 (eyes, nose, mouth drawn)"))
    }

    /// Links are percent-encoded URL paths: "#" would start a fragment, "?" a query, "%20"
    /// would be read as a space, and a control character would be dropped by the browser.
    @Test(arguments: [
        ("a#b?c%20.jpg", "a%23b%3Fc%2520"),
        ("photo #1.jpg", "photo%20%231"),
        ("ctl\u{01}red.jpg", "ctl%01red"),
        ("café ☕.jpg", "caf%C3%A9%20%E2%98%95"),
        ("x:y&z'q\"<>.jpg", "x%3Ay%26z%27q%22%3C%3E"),
        ("Az09-._~.jpg", "Az09-._~"),
    ])
    func linksArePercentEncodedPaths(name: String, encodedStem: String) {
        let result = FillabilityValidator(minRegionArea: 10).validate(ByteImage(width: 8, height: 8, repeating: 255))
        let stem = String(name.dropLast(".jpg".count))
        let row = ContactSheet.Row(photoPath: "/w/my photos/\(name)", pagePath: "/w/out/sub dir/\(stem).png",
                                   preset: "pet", fillability: result)
        let html = ContactSheet(title: "Sheet", rows: [row]).html(sheetPath: "/w/out/index.html")
        let photo = "../my%20photos/\(encodedStem).jpg"
        let page = "sub%20dir/\(encodedStem).png"
        #expect(html.contains("<a class=\"photo\" href=\"\(photo)\"><img src=\"\(photo)\" alt=\"photo\"></a>"), "\(html)")
        #expect(html.contains("<a href=\"\(page)\"><img src=\"\(page)\" alt=\"page\"></a>"), "\(html)")
        #expect(html.contains(escape(name) + "</td>"), "the visible name stays HTML-escaped text")
    }

    @Test func drawsTheSubjectAndTheFrameOnThePhoto() {
        let result = FillabilityValidator(minRegionArea: 10).validate(ByteImage(width: 8, height: 8, repeating: 255))
        let subject = Subject(box: PixelRectangle(x: 100, y: 50, width: 200, height: 100), share: 0.1, confidence: 0.5, cue: .focus)
        let row = ContactSheet.Row(photoPath: "/w/p.jpg", pagePath: "/w/out/p.png", preset: "object", fillability: result,
                                   subject: subject, frame: PixelRectangle(x: 80, y: 0, width: 240, height: 200),
                                   photoSize: ImageSize(width: 400, height: 200))
        let html = ContactSheet(title: "Sheet", rows: [row]).html(sheetPath: "/w/out/index.html")
        #expect(html.contains("<span class=\"box\" style=\"left: 25.0%; top: 25.0%; width: 50.0%; height: 50.0%\"></span>"), "\(html)")
        #expect(html.contains("<span class=\"box frame\" style=\"left: 20.0%; top: 0.0%; width: 60.0%; height: 100.0%\"></span>"), "\(html)")
        #expect(html.contains("subject (focus): 10% of the photo, confidence 0.50; page shows the part 240x200+80+0"), "\(html)")
        let whole = ContactSheet(title: "Sheet", rows: [ContactSheet.Row(photoPath: "/w/p.jpg", pagePath: "/w/out/p.png",
                                                                       preset: "landscape", fillability: result)])
        #expect(whole.html(sheetPath: "/w/out/index.html").contains("no clear subject; page shows the whole photo"))
    }

    @Test func percentEncodingKeepsUnreservedAndSlashesAndEncodesEveryOtherByte() {
        #expect(percentEncodedPath("../a b/c.png") == "../a%20b/c.png")
        #expect(percentEncodedPath("100%.png") == "100%25.png")
        #expect(percentEncodedPath("\u{7F}\t\n") == "%7F%09%0A")
        #expect(percentEncodedPath("ü") == "%C3%BC")
        #expect(percentEncodedPath("") == "")
    }
}
