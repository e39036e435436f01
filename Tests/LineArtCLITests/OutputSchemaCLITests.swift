import Foundation
import LineArtKit
import Testing

/// Real outputs of each command against their JSON Schemas in docs/: the per-photo and batch
/// reports of convert (report.schema.json), `validate --json` (validate.schema.json),
/// `bench --json` (bench.schema.json) and tune's evaluations.json (tune.schema.json).
@Suite struct OutputSchemaCLITests {
    static func dot() throws -> [UInt8] {
        try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 8, height: 8, repeating: 200))
    }

    @Test func convertsReportsMatchReportSchema() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try folder.copySample("astronaut.png", to: "in/face.png")
        try folder.write("in/bad.jpg", Array("not a photo\n".utf8))
        let result = try CLI.run(["convert", "in", "-o", "out", "--regions", "--format", "png,svg", "-q"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        let check = try JSONSchemaCheck(docsFile: "report.schema.json")
        for file in ["apple.json", "face.json", "report.json"] {
            let problems = try check.problems(inFile: folder.path("out/\(file)"))
            #expect(problems.isEmpty, "\(file): \(problems)")
        }
    }

    /// `validate --json` had no schema. It has docs/validate.schema.json now; a single page,
    /// and a folder with a page, a photo (a warning) and a file that is not an image (an
    /// error entry), match it.
    @Test func validatesJSONMatchesValidateSchema() throws {
        let folder = try TemporaryFolder()
        var grid = ByteImage(width: 101, height: 101, repeating: 255)
        for y in 0..<101 { for x in 0..<101 where x % 10 == 0 || y % 10 == 0 { grid[x, y] = 0 } }
        try folder.write("pages/grid.png", try PNGEncoder(pixelFormat: .bilevel).encode(grid))
        try folder.copySample("chelsea.png", to: "pages/cat.png")
        try folder.write("pages/bad.png", Array("not a page\n".utf8))
        let check = try JSONSchemaCheck(docsFile: "validate.schema.json")
        let single = try CLI.run(["validate", "pages/grid.png", "--preset", "landscape", "--json"], in: folder.url)
        #expect(single.status == 1, "the grid does not pass: \(single.stderr)")
        let singleDocument = try JSONDecoder().decode(JSONValue.self, from: Data(single.stdout.utf8))
        #expect(check.problems(in: singleDocument) == [], "\(single.stdout)")

        let batch = try CLI.run(["validate", "pages", "--preset", "landscape", "--json"], in: folder.url)
        #expect(batch.status == 1, "bad.png cannot be read: \(batch.stderr)")
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(batch.stdout.utf8))
        #expect(check.problems(in: document) == [], "\(batch.stdout)")
        let pages = try #require(try parseJSONObject(batch.stdout)["pages"] as? [[String: Any]])
        #expect(pages.count == 3)
        #expect(pages.filter { $0["error"] != nil }.compactMap { $0["input"] as? String } == ["pages/bad.png"])
        #expect(pages.contains { ($0["warnings"] as? [String])?.isEmpty == false }, "the photo is warned about")

        // The schema holds what matters: an entry with both or neither of fillability and
        // error, or a key it does not list, is found.
        let broken = batch.stdout.replacingOccurrences(of: #""error" : "not an image"#, with: #""problem" : "not an image"#)
        let problems = check.problems(in: try JSONDecoder().decode(JSONValue.self, from: Data(broken.utf8)))
        #expect(problems.contains("$.pages[0]: matches 0 of the oneOf schemas, not 1"), "\(problems)")
        #expect(problems.contains("$.pages[0]: \"problem\" is not in the schema"), "\(problems)")
    }

    /// validate.schema.json is self-contained (any validator reads it alone), so it repeats
    /// convert's fillability definition; the two must stay the same.
    @Test func validateAndConvertShareOneFillabilityDefinition() throws {
        func fillability(_ file: String) throws -> JSONValue? {
            guard case .object(let root) = try JSONSchemaCheck(docsFile: file).schema,
                  case .object(let definitions)? = root["$defs"] else { return nil }
            return definitions["fillability"]
        }
        let validate = try fillability("validate.schema.json")
        #expect(validate != nil)
        #expect(validate == (try fillability("report.schema.json")))
    }

    @Test func benchJSONMatchesBenchSchema() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try folder.write("in/bad.jpg", Array("not a photo\n".utf8))
        let result = try CLI.run(["bench", "in", "--repeat", "2", "--warmup", "0", "--json"], in: folder.url)
        #expect(result.status == 1, "one photo is left out: \(result.stderr)")
        let document = try JSONDecoder().decode(JSONValue.self, from: Data(result.stdout.utf8))
        let problems = try JSONSchemaCheck(docsFile: "bench.schema.json").problems(in: document)
        #expect(problems.isEmpty, "\(problems)")
        guard case .object(let fields) = document, case .array(let leftOut)? = fields["leftOut"] else {
            Issue.record("no leftOut array")
            return
        }
        #expect(leftOut.count == 1)
    }

    @Test(arguments: [["--grid", "thickness=2,3", "--grid", "engine=edges,regions"], ["--search", "coordinate"],
                      ["--search", "random"]])
    func tunesEvaluationsMatchTuneSchema(search: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write("in/dot.png", try Self.dot())
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/gone.jpg").path, withDestinationPath: "nowhere.jpg")
        let result = try CLI.run(["tune", "in", "--budget", "4", "--output", "t", "-q"] + search, in: folder.url)
        #expect(result.status == 1, "gone.jpg is skipped: \(result.stderr)")
        let problems = try JSONSchemaCheck(docsFile: "tune.schema.json").problems(inFile: folder.path("t/evaluations.json"))
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The check itself finds what breaks a schema, so a passing test means something.
    @Test func theCheckFindsAMissingKeyAWrongTypeAndAnUnknownKey() throws {
        let check = try JSONSchemaCheck(docsFile: "tune.schema.json")
        let good = #"{"schemaVersion": 1, "basePreset": "pet", "seed": 1, "budget": 2, "search": "grid", "photos": [], "skippedPhotos": [], "ranking": [0], "evaluations": [{"index": 0, "settings": {"thickness": 3}, "changes": [], "photos": [], "passRate": 0, "meanScore": 0}]}"#
        #expect(check.problems(in: try JSONDecoder().decode(JSONValue.self, from: Data(good.utf8))) == [])
        let broken = good.replacingOccurrences(of: #""seed": 1, "#, with: "")
            .replacingOccurrences(of: #""search": "grid""#, with: #""search": "annealing""#)
            .replacingOccurrences(of: #""passRate": 0"#, with: #""passRate": 1.5, "extra": true"#)
            .replacingOccurrences(of: #""budget": 2"#, with: #""budget": 2.5"#)
        let problems = check.problems(in: try JSONDecoder().decode(JSONValue.self, from: Data(broken.utf8)))
        #expect(Set(problems) == [
            "$: no \"seed\"",
            "$.budget: 2.5 is not integer",
            "$.evaluations[0]: \"extra\" is not in the schema",
            "$.evaluations[0].passRate: 1.5 is above the maximum 1.0",
            "$.search: \"annealing\" is not one of the enum",
        ], "\(problems)")
    }
}
