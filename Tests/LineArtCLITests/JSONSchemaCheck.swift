import Foundation
import LineArtKit

/// Checks a JSON document against one of the JSON Schemas in `docs/`, in Swift, so the
/// tests need no Python or network: the keywords those schemas use (`type`, `const`,
/// `enum`, `required`, `properties`, `additionalProperties`, `items`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `oneOf` and `$ref` to `#/$defs/...`) are checked as JSON Schema 2020-12 defines them, and
/// any other keyword is itself reported, so a schema cannot quietly use one left unchecked.
struct JSONSchemaCheck {
    let schema: JSONValue

    /// Reads the schema `docs/NAME`.
    init(docsFile name: String) throws {
        let data = try Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/\(name)"))
        schema = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Where `document` breaks the schema, one "path: reason" each; empty when it conforms.
    func problems(in document: JSONValue) -> [String] {
        var found: [String] = []
        check(document, against: schema, at: "$", into: &found)
        return found
    }

    /// Where `document` breaks the schema's definition `#/$defs/NAME` (`imageReport`, ...).
    func problems(in document: JSONValue, as definition: String) -> [String] {
        var found: [String] = []
        check(document, against: .object(["$ref": .string("#/$defs/\(definition)")]), at: "$", into: &found)
        return found
    }

    /// ``problems(in:)`` of a JSON file.
    func problems(inFile url: URL) throws -> [String] {
        try problems(in: JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url)))
    }

    private static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description"]

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into problems: inout [String]) {
        guard case .object(let keywords) = schema else {
            if case .bool(false) = schema { problems.append("\(path): not allowed") }
            return
        }
        for (keyword, argument) in keywords.sorted(by: { $0.key < $1.key }) where !Self.annotations.contains(keyword) {
            switch (keyword, argument) {
            case ("$ref", .string(let reference)):
                guard let target = resolve(reference) else { problems.append("\(path): unknown $ref \(reference)"); continue }
                check(value, against: target, at: path, into: &problems)
            case ("oneOf", .array(let choices)):
                let passing = choices.filter { choice in
                    var inner: [String] = []
                    check(value, against: choice, at: path, into: &inner)
                    return inner.isEmpty
                }.count
                if passing != 1 { problems.append("\(path): matches \(passing) of the oneOf schemas, not 1") }
            case ("type", .string(let name)):
                if !Self.value(value, hasType: name) { problems.append("\(path): \(Self.describe(value)) is not \(name)") }
            case ("type", .array(let names)):
                let names = names.compactMap { if case .string(let n) = $0 { n } else { nil } }
                if !names.contains(where: { Self.value(value, hasType: $0) }) {
                    problems.append("\(path): \(Self.describe(value)) is none of \(names)")
                }
            case ("const", let expected):
                if !Self.same(value, expected) { problems.append("\(path): \(Self.describe(value)) is not \(Self.describe(expected))") }
            case ("enum", .array(let allowed)):
                if !allowed.contains(where: { Self.same(value, $0) }) { problems.append("\(path): \(Self.describe(value)) is not one of the enum") }
            case ("required", .array(let names)):
                guard case .object(let fields) = value else { continue }
                for case .string(let name) in names where fields[name] == nil { problems.append("\(path): no \"\(name)\"") }
            case ("properties", .object(let properties)):
                guard case .object(let fields) = value else { continue }
                for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                    if let property = properties[name] { check(field, against: property, at: "\(path).\(name)", into: &problems) }
                }
            case ("additionalProperties", let extra):
                guard case .object(let fields) = value else { continue }
                let declared: [String: JSONValue]
                if case .object(let properties)? = keywords["properties"] { declared = properties } else { declared = [:] }
                for (name, field) in fields.sorted(by: { $0.key < $1.key }) where declared[name] == nil {
                    if case .bool(false) = extra { problems.append("\(path): \"\(name)\" is not in the schema") }
                    else { check(field, against: extra, at: "\(path).\(name)", into: &problems) }
                }
            case ("items", let item):
                guard case .array(let elements) = value else { continue }
                for (index, element) in elements.enumerated() { check(element, against: item, at: "\(path)[\(index)]", into: &problems) }
            case ("minimum", let bound):
                if let v = Self.number(value), let b = Self.number(bound), v < b { problems.append("\(path): \(v) is below the minimum \(b)") }
            case ("maximum", let bound):
                if let v = Self.number(value), let b = Self.number(bound), v > b { problems.append("\(path): \(v) is above the maximum \(b)") }
            case ("exclusiveMinimum", let bound):
                if let v = Self.number(value), let b = Self.number(bound), v <= b { problems.append("\(path): \(v) is not above \(b)") }
            default:
                problems.append("\(path): the schema keyword \(keyword) is not checked by JSONSchemaCheck")
            }
        }
    }

    /// The schema at `#/$defs/NAME`.
    private func resolve(_ reference: String) -> JSONValue? {
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix), case .object(let root) = schema, case .object(let definitions)? = root["$defs"] else {
            return nil
        }
        return definitions[String(reference.dropFirst(prefix.count))]
    }

    private static func value(_ value: JSONValue, hasType name: String) -> Bool {
        switch (name, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
             ("number", .int), ("number", .double), ("integer", .int): return true
        case ("integer", .double(let v)): return v.rounded() == v
        default: return false
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }

    /// Equal as JSON values: 1 and 1.0 are the same number.
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = number(a), let y = number(b) { return x == y }
        return a == b
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let v): return "\(v)"
        case .int(let v): return "\(v)"
        case .double(let v): return "\(v)"
        case .string(let v): return "\"\(v)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
