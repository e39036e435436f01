import Foundation
import LineArtKit
import Testing

@Suite struct JobsCLITests {
    @Test func moreJobsThanFourPerCoreAreCappedWithANote() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let result = try CLI.run(["convert", "in", "-o", "out", "--jobs", "1000"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("--jobs 1000 is more than four per core (\(cores) cores): using \(4 * cores)"), "\(result.stderr)")
        #expect((try readJSONObject(folder.path("out/report.json"))["jobs"] as? Int) == 4 * cores)
    }
}
