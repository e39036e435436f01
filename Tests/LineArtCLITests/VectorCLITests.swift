import Foundation
import Testing

/// `convert --format/--page/--regions/--booklet` through the built binary.
@Suite struct VectorCLITests {
    @Test func svgAndPDFOnA4WithRegionsAndBooklet() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        let photos = ["apple.jpg", "camera.png"].map { CLI.repositoryRoot.appendingPathComponent("SampleImages/\($0)").path }
        let booklet = folder.appendingPathComponent("book.pdf").path
        let result = try CLI.run(["convert"] + photos + ["--output", folder.path, "--format", "svg,pdf", "--page", "a4",
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

    /// A photo named `cat.regions.png` beside `cat.jpg`: its page would be `cat.jpg`'s
    /// region map, so both keep their full names and each keeps its own files.
    @Test func aPhotoNamedLikeARegionMapGetsItsOwnFiles() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/cat.jpg")
        try folder.copySample("camera.png", to: "in/cat.regions.png")
        let result = try CLI.run(["convert", "in", "-o", "out", "--regions", "--overwrite", "--jobs", "1", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["cat.jpg", "cat.regions.png"] {
            let report = try readJSONObject(folder.path("out/\(name).json"))
            #expect((report["input"] as? String)?.hasSuffix(name) == true)
            let map = try #require(report["regionMap"] as? String)
            let bytes = try [UInt8](Data(contentsOf: folder.path(map)))
            #expect(bytes.count > 25 && bytes[24] == 16, "\(map) is a 16-bit region map")
        }
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try CLI.run(["convert", "x.jpg", "--output", "/tmp/unused-lineart", "--format", "eps"])
        #expect(result.status == 2, "\(result.status)")
        #expect(result.stderr.contains("unknown format"))
    }

    @Test func docsMentionTheFlags() throws {
        let readme = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for flag in ["--format", "--page", "--margin", "--dpi", "--booklet", "--regions"] {
            #expect(readme.contains(flag), "README lacks \(flag)")
        }
        let schema = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/report.schema.json"), encoding: .utf8)
        #expect(schema.contains("\"regions\"") && schema.contains("inscribedRadius"))
    }
}
