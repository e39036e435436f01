import Foundation
import Testing

/// A negative number after a number option (`--dpi -5`) was read by the argument parser as
/// an option named `-5` ("Missing value for '--dpi <dpi>'"), while `--dpi=-5` got the range
/// error; both spellings now get the range error that says what the option takes.
@Suite struct NumberOptionsCLITests {
    /// Each command with a number option, the option, and the start of its range error.
    @Test(arguments: [
        (["convert", "in", "-o", "out"], "--dpi", "--dpi must be between 10 and 2400"),
        (["convert", "in", "-o", "out"], "--margin", "--margin must be between 0 and 100 mm"),
        (["convert", "in", "-o", "out"], "--jobs", "--jobs must be at least 1"),
        (["convert", "in", "-o", "out"], "--max-megapixels", "--max-megapixels must be at least 1"),
        (["validate", "in"], "--max-megapixels", "--max-megapixels must be at least 1"),
        (["tune", "in", "-o", "t"], "--budget", "--budget must be at least 1"),
        (["tune", "in", "-o", "t"], "--top", "--top must be at least 1"),
        (["tune", "in", "-o", "t"], "--jobs", "--jobs must be at least 1"),
        (["tune", "in", "-o", "t"], "--seed", "The value '-5' is invalid for '--seed <seed>'"),
        (["bench", "in"], "--repeat", "--repeat must be at least 1"),
        (["bench", "in"], "--warmup", "--warmup must be 0 or more"),
        (["bench", "in"], "--threads", "--threads must be at least 1"),
    ])
    func aNegativeNumberGetsTheRangeErrorWithOrWithoutEquals(command: [String], option: String, error: String) throws {
        for spelling in [[option, "-5"], [option + "=-5"]] {
            let result = try CLI.run(command + spelling)
            #expect(result.status == 2, "\(spelling): \(result.stderr.prefix(300))")
            #expect(result.stderr.hasPrefix("Error: \(error)"), "\(spelling): \(result.stderr.prefix(300))")
        }
    }

    /// The options still take a number followed by flags, and a missing value is still one.
    @Test func otherParsingIsUnchanged() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        let good = try CLI.run(["convert", "in", "-o", "out", "--dpi", "150", "--regions", "--jobs", "1", "-q"], in: folder.url)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/apple.regions.png").path))
        let missing = try CLI.run(["convert", "in", "-o", "out", "--dpi"], in: folder.url)
        #expect(missing.status == 2 && missing.stderr.contains("Missing value for '--dpi <dpi>'"), "\(missing.stderr)")
        let flag = try CLI.run(["convert", "in", "-o", "out2", "--dpi", "--regions"], in: folder.url)
        #expect(flag.status == 2 && flag.stderr.contains("'--regions' is invalid for '--dpi <dpi>'"), "\(flag.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out2").path))
    }
}
