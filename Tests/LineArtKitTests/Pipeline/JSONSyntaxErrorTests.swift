import Foundation
import Testing
@testable import LineArtKit

/// `jsonSyntaxError` finds the place Foundation's `JSONSerialization` names, and nothing in
/// valid JSON.
@Suite struct JSONSyntaxErrorTests {
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
        #expect(jsonSyntaxError(in: Data(text.utf8)) == nil)
    }

    @Test(arguments: invalid) func theErrorIsWhereJSONSerializationPutsIt(_ text: String) throws {
        let data = Data(text.utf8)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
        let message = try #require(jsonSyntaxError(in: data))
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
        #expect(jsonSyntaxError(in: Data("{\"a\": 1,}".utf8)) == "invalid value at line 1, column 9")
        #expect(jsonSyntaxError(in: Data("\n\n  [1,\n  ]".utf8)) == "invalid value at line 4, column 3")
    }

    @Test func deepNestingIsRefusedWithoutRecursingFurther() {
        let text = String(repeating: "[", count: 100_000)
        #expect(jsonSyntaxError(in: Data(text.utf8)) == "too many nested arrays or objects at line 1, column 513")
    }
}
