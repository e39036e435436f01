import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `JSONText` finds the place Foundation's `JSONSerialization` names, and nothing in
/// valid JSON.
@Suite struct JSONTextTests {
    static let valid = [
        "{}", "[]", "0", "-0.5e+3", "\"a\\u00e9\\n\"", "true", " null ", "{\"a\": [1, 2.5, {\"b\": false}], \"c\": \"\"}",
        "[1E9, -0, 0.0]", "{\n  \"base\": \"portrait\",\n  \"settings\": {\"thickness\": 4}\n}\n",
    ]
    static let invalid = [
        "{\"base\": \"portrait\",\n \"settings\": {\"thickness\": 4,,}}", "{\"a\" 1}", "[1, 2", "",
        "{\"a\": tru}", "[01]", "[1.]", "[-]", "{\"a\": \"x\ny\"}", "\"\\q\"", "\"\\u12g4\"", "[1] 2", "{a: 1}",
        "[nul]", "{\"a\": 1 \"b\": 2}", "[1e]", "{", "\"open",
    ]

    @Test(arguments: valid) func validJSONHasNoError(_ text: String) throws {
        _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(JSONText(Data(text.utf8)).syntaxError == nil)
    }

    /// The value is the one `JSONDecoder` reads, numbers included: whole ones that fit an
    /// `Int` (`2.0`, `1e2`, `-0.0`) are ints.
    @Test(arguments: valid + ["[2, 2.0, 1e2, -0, -0.0, 1e20, 2.5, 0.1e1, 9223372036854775807, 9223372036854775808]",
                              #"{"\ud83d\ude00": "\u00e9\/\b\f\r\t", "k": [null, {}]}"#])
    func theValueIsWhatJSONDecoderReads(_ text: String) throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(JSONText(Data(text.utf8)).value == decoded, "\(text)")
    }

    @Test func textJSONDecoderRefusesBeyondTheGrammarIsRefused() {
        #expect(JSONText(Data("[1E400]".utf8)).syntaxError == "number out of range at line 1, column 2")
        #expect(JSONText(Data(#"["\ud83d"]"#.utf8)).syntaxError == "unpaired surrogate in a string at line 1, column 3")
        #expect(JSONText(Data([0x22, 0xFF, 0x22])).syntaxError == "invalid UTF-8 in a string at line 1, column 1")
    }

    @Test(arguments: invalid) func theErrorIsWhereJSONSerializationPutsIt(_ text: String) throws {
        let data = Data(text.utf8)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
        let message = try #require(JSONText(data).syntaxError)
        // JSONSerialization's "... around character N." (0-based), as a line and column.
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
               let offset = Int(detail[range].dropFirst("character ".count)) {
                let prefix = data.prefix(offset)
                let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
                let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
                #expect(message.hasSuffix("at line \(line), column \(column)"), "\(text): \(message) vs \(detail)")
            }
        }
    }

    /// JSONSerialization takes a comma before a closing bracket; RFC 8259 (and JSONDecoder) do not.
    @Test func aTrailingCommaIsAnError() {
        #expect(JSONText(Data("{\"a\": 1,}".utf8)).syntaxError == "invalid value at line 1, column 9")
        #expect(JSONText(Data("\n\n  [1,\n  ]".utf8)).syntaxError == "invalid value at line 4, column 3")
    }

    @Test func deepNestingIsRefusedWithoutRecursingFurther() {
        let text = String(repeating: "[", count: 100_000)
        #expect(JSONText(Data(text.utf8)).syntaxError == "too many nested arrays or objects at line 1, column 513")
    }
}
