import Foundation
import Testing

/// Inputs with no photo in them: every command names the folder on stderr. convert and
/// validate exit 0 (nothing failed); tune and bench need sample photos, so for them it is
/// a usage error (2), and tune creates no output folder.
@Suite struct EmptyInputCLITests {
    static let note = "no photos found in in (JPEG, PNG, HEIC, WebP and TIFF files; hidden files are skipped)"

    @Test(arguments: [
        (["convert", "in", "-o", "out"], Int32(0), "lineart: \(note)\n"),
        (["validate", "in"], Int32(0),
         "lineart: no images found in in (PNG and JPEG files; hidden files and region maps NAME.regions.png are skipped)\n"),
        (["validate", "in", "--json"], Int32(0),
         "lineart: no images found in in (PNG and JPEG files; hidden files and region maps NAME.regions.png are skipped)\n"),
        (["tune", "in", "-o", "tuned"], Int32(2), "Error: \(note): tune needs sample photos to evaluate settings on\n"),
        (["bench", "in"], Int32(2), "Error: \(note): bench needs sample photos to time\n"),
    ])
    func aFolderWithNoPhotosIsNamed(arguments: [String], status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("in/readme.txt", Array("no photos here\n".utf8))
        try folder.copySample("apple.jpg", to: "in/.hidden.jpg")
        let result = try CLI.run(arguments, in: folder.url)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("tuned").path))
    }
}
