import Foundation
import LineArtKit
import Testing

/// A path named on the command line that does not exist follows one rule in every command:
/// when no named path can be used it is a usage error (2, nothing written); beside a path
/// that can, it is a failed file (1), named on stderr, and the others are done. validate
/// used to exit 1 with nothing to check, and tune and bench said "no photos found in"
/// the missing path, as if it were an empty folder.
@Suite struct MissingInputCLITests {
    static func dot() throws -> [UInt8] {
        try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200))
    }

    @Test(arguments: [
        ["convert", "nope.jpg", "gone", "-o", "out"],
        ["convert", "nope.jpg", "gone", "-o", "out", "--json"],
        ["validate", "nope.jpg", "gone"],
        ["validate", "nope.jpg", "gone", "--json"],
        ["tune", "nope.jpg", "gone", "-o", "out"],
        ["bench", "nope.jpg", "gone"],
        ["bench", "nope.jpg", "gone", "--json"],
    ])
    func namedPathsThatAllDoNotExistAreAUsageError(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try CLI.run(arguments, in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: no input found: nope.jpg: does not exist; gone: does not exist\n"),
                "\(result.stderr)")
        #expect(result.stderr.contains("See 'lineart \(arguments[0]) --help'."), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(folder.allFiles().isEmpty, "nothing written: \(folder.allFiles())")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out").path))
    }

    @Test(arguments: [
        ["convert", "dot.png", "nope.jpg", "-o", "out", "--json"],
        ["validate", "dot.png", "nope.jpg"],
        ["tune", "dot.png", "nope.jpg", "--budget", "1", "-o", "out", "-q"],
        ["bench", "dot.png", "nope.jpg", "--repeat", "1", "--warmup", "0"],
    ])
    func aPathThatDoesNotExistBesideAPhotoFailsAndTheOthersAreDone(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write("dot.png", try Self.dot())
        let result = try CLI.run(arguments, in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("lineart: nope.jpg: does not exist\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
        #expect(result.stdout.contains("dot.png") || result.stdout.contains("best: evaluation"),
                "dot.png was done: \(result.stdout)")
    }

    /// A folder that exists is not a missing path, even when all it holds is a broken link
    /// with a photo's name: the link is a failed file (1), as in validate, not a usage error.
    @Test(arguments: [(["convert", "in", "-o", "out", "-q"], Int32(1)), (["validate", "in"], Int32(1))])
    func aFolderOfBrokenLinksIsAFailedFileNotAUsageError(arguments: [String], status: Int32) throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.path("in"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/gone.jpg").path, withDestinationPath: "nowhere.jpg")
        let result = try CLI.run(arguments, in: folder.url)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains("lineart: in/gone.jpg: broken symbolic link\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(result.stderr)")
    }

    @Test(arguments: ["convert", "validate", "tune", "bench"])
    func eachHelpStatesTheRule(command: String) throws {
        let result = try CLI.run([command, "--help"])
        #expect(result.status == 0)
        let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("that does not exist (or cannot be read) is a usage error"), "\(command) --help")
        #expect(text.contains("when none of the named paths can be used"), "\(command) --help")
    }
}
