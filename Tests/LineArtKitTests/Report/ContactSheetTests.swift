import Testing
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
        #expect(html.contains("src=\"../photos/cat &amp; dog.jpg\""))
        #expect(html.contains("src=\"cat.png\""))
        #expect(html.contains("does not pass"))
        #expect(html.contains("regions 2</span> (50-500)"))
        #expect(html.contains("0 of 1 pages pass"))
        #expect(!html.contains("faces"))
        let withFace = ContactSheet(title: "Sheet", rows: [ContactSheet.Row(photoPath: "/w/a.jpg", pagePath: "/w/out/a.png",
                                                                      preset: "portrait", fillability: result, faces: 2)])
        #expect(withFace.html(sheetPath: "/w/out/index.html").contains("faces 2 (eyes, nose, mouth drawn)"))
    }
}
