import Foundation
import Testing

/// Runs the built `lineart` binary (built next to the test bundle by `swift test`).
@Suite struct VectorCLITests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func binary() -> URL? {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(bundle.appendingPathComponent("lineart"))
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("lineart"))
        }
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug/lineart"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = try #require(binary(), "lineart binary not built")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func svgAndPDFOnA4WithRegionsAndBooklet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineart-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = ["apple.jpg", "camera.png"].map { Self.repositoryRoot.appendingPathComponent("SampleImages/\($0)").path }
        let booklet = folder.appendingPathComponent("book.pdf").path
        let result = try Self.run(["convert"] + photos + ["--output", folder.path, "--format", "svg,pdf", "--page", "a4",
                                   "--regions", "--booklet", booklet, "--quiet", "--jobs", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["apple", "camera"] {
            for ext in ["svg", "pdf", "json", "regions.png"] {
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).\(ext)").path), "\(name).\(ext)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).png").path))
            let pdf = try String(decoding: Data(contentsOf: folder.appendingPathComponent("\(name).pdf")), as: UTF8.self)
            #expect(pdf.hasPrefix("%PDF-") && pdf.hasSuffix("%%EOF\n"))
            #expect(pdf.contains("/MediaBox [0 0 595.28 841.89]") || pdf.contains("/MediaBox [0 0 841.89 595.28]"))
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("\(name).json"))) as? [String: Any]
            let regions = report?["regions"] as? [[String: Any]]
            let fillability = report?["fillability"] as? [String: Any]
            #expect(regions?.count == fillability?["regionCount"] as? Int)
        }
        let book = try String(decoding: Data(contentsOf: URL(fileURLWithPath: booklet)), as: UTF8.self)
        #expect(book.contains("/Count 2"))
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try Self.run(["convert", "x.jpg", "--output", "/tmp/unused-lineart", "--format", "eps"])
        #expect(result.status == 64 || result.status == 2, "\(result.status)")
        #expect(result.stderr.contains("unknown format"))
    }

    @Test func docsMentionTheFlags() throws {
        let readme = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for flag in ["--format", "--page", "--margin", "--dpi", "--booklet", "--regions"] {
            #expect(readme.contains(flag), "README lacks \(flag)")
        }
        let schema = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("docs/report.schema.json"), encoding: .utf8)
        #expect(schema.contains("\"regions\"") && schema.contains("inscribedRadius"))
    }
}
