import Foundation
import Testing

/// HEIC, WebP and TIFF photos convert like the same pixels in PNG.
@Suite struct PhotoFormatsCLITests {
    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/photos/\(name)")))
    }

    /// cat.webp (cwebp -lossless) and cat.tif (Pillow, Deflate) hold cat.png's pixels;
    /// cat.heic.png is what heif-convert decoded cat.heic to. Each pair gives the same page
    /// and the same report apart from the names and the format.
    @Test func heicWebPAndTIFFGiveThePagesOfTheSamePixelsInPNG() throws {
        let folder = try TemporaryFolder()
        let files = ["png.png": "cat.png", "webp.webp": "cat.webp", "tiff.tif": "cat.tif",
                     "heic.heic": "cat.heic", "heic-decoded.png": "cat.heic.png"]
        for (name, fixture) in files { try folder.write("in/\(name)", Self.fixture(fixture)) }
        let result = try CLI.run(["convert", "in", "-o", "out", "-q"], in: folder.url)
        #expect(result.status == 0 || result.status == 2, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")

        for (photo, png) in [("webp", "png"), ("tiff", "png"), ("heic", "heic-decoded")] {
            let page = try Data(contentsOf: folder.path("out/\(photo).png"))
            #expect(page == (try Data(contentsOf: folder.path("out/\(png).png"))), "\(photo) page differs from \(png)")
            let report = try readJSONObject(folder.path("out/\(photo).json"))
            let reference = try readJSONObject(folder.path("out/\(png).json"))
            #expect(report["fillability"] as? NSDictionary == reference["fillability"] as? NSDictionary, "\(photo)")
        }
        let formats = try ["webp", "tiff", "heic"].map { try readJSONObject(folder.path("out/\($0).json"))["format"] as? String }
        #expect(formats == ["webp", "tiff", "heif"])
    }

    @Test func aDamagedPhotoIsNamedWithItsFormat() throws {
        let folder = try TemporaryFolder()
        let heic = try Self.fixture("cat.heic")
        try folder.write("in/cut.heic", Array(heic.prefix(heic.count * 3 / 4)))
        try folder.write("in/cut.webp", Array(try Self.fixture("cat.webp").prefix(2000)))
        let result = try CLI.run(["convert", "in", "-o", "out"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("in/cut.heic: truncated file"), "\(result.stderr)")
        #expect(result.stderr.contains("in/cut.webp: truncated file"), "\(result.stderr)")
    }
}
