import Foundation
import Testing

/// Each command's `--help` is exactly the text in Golden/NAME.help.txt (80 columns), so a
/// change to the help shows in review as a change to that file.
///
/// After changing a command's help on purpose, write the files again and review their diff:
///
///     LINEART_UPDATE_GOLDEN=1 swift test --filter HelpGoldenCLITests
@Suite struct HelpGoldenCLITests {
    static let folder = CLI.repositoryRoot.appendingPathComponent("Tests/LineArtCLITests/Golden")
    static let updating = ProcessInfo.processInfo.environment["LINEART_UPDATE_GOLDEN"] == "1"

    @Test(arguments: ["", "convert", "report merge", "validate", "presets", "tune", "bench"])
    func helpMatchesItsGoldenFile(command: String) throws {
        let arguments = command.split(separator: " ").map(String.init) + ["--help"]
        // ArgumentParser wraps at $COLUMNS, or the terminal's width (80 when there is none).
        let result = try CLI.run(arguments, environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        let file = Self.folder.appendingPathComponent("\(command.isEmpty ? "lineart" : command.replacingOccurrences(of: " ", with: "-")).help.txt")
        if Self.updating {
            try result.stdout.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(result.stdout == golden,
                "lineart \(arguments.joined(separator: " ")) differs from \(file.lastPathComponent); if the change is meant, regenerate (see HelpGoldenCLITests)")
    }
}
