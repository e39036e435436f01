import Foundation

/// Checks JSON documents against `docs/report.schema.json`, for the JSON Schema keywords
/// that file uses: `type`, `const`, `enum`, `required`, `properties`,
/// `additionalProperties` (false or a schema), `items`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `oneOf` and `$ref` to `#/$defs/NAME`. ``uncheckedKeywords()`` lists
/// any other keyword the schema uses, so the schema cannot outgrow the check unnoticed.
struct ReportSchemaValidator {
    let root: [String: Any]

    static let known: Set<String> = [
        "$schema", "$id", "title", "description", "type", "const", "enum", "required", "properties",
        "additionalProperties", "items", "minimum", "maximum", "exclusiveMinimum", "oneOf", "$ref", "$defs",
    ]

    init(schemaAt url: URL) throws {
        root = try readJSONObject(url)
    }

    /// The problems of `value` (each with its JSON path), empty when it is valid: against
    /// the whole schema, or against its definition `definition` (`imageReport`, ...).
    func problems(_ value: Any, as definition: String? = nil) -> [String] {
        guard let definition else { return problems(value, root, at: "$") }
        return problems(value, ["$ref": "#/$defs/\(definition)"], at: "$")
    }

    /// Keywords of the schema this validator does not check, with where they are.
    func uncheckedKeywords() -> [String] {
        var found: [String] = []
        func walk(_ schema: [String: Any], at path: String) {
            for key in schema.keys.sorted() where !Self.known.contains(key) { found.append("\(path).\(key)") }
            for (name, member) in schema["properties"] as? [String: Any] ?? [:] {
                if let member = member as? [String: Any] { walk(member, at: "\(path).properties.\(name)") }
            }
            for (name, member) in schema["$defs"] as? [String: Any] ?? [:] {
                if let member = member as? [String: Any] { walk(member, at: "\(path).$defs.\(name)") }
            }
            for (index, member) in (schema["oneOf"] as? [[String: Any]] ?? []).enumerated() { walk(member, at: "\(path).oneOf[\(index)]") }
            if let items = schema["items"] as? [String: Any] { walk(items, at: "\(path).items") }
            if let additional = schema["additionalProperties"] as? [String: Any] { walk(additional, at: "\(path).additionalProperties") }
        }
        walk(root, at: "$")
        return found
    }

    private func problems(_ value: Any, _ schema: [String: Any], at path: String) -> [String] {
        var found: [String] = []
        if let ref = schema["$ref"] as? String {
            let name = String(ref.dropFirst("#/$defs/".count))
            if let target = (root["$defs"] as? [String: Any])?[name] as? [String: Any], ref.hasPrefix("#/$defs/") {
                found += problems(value, target, at: path)
            } else {
                found.append("\(path): unresolved \(ref)")
            }
        }
        if let choices = schema["oneOf"] as? [[String: Any]] {
            let matching = choices.filter { problems(value, $0, at: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of the oneOf choices, not 1") }
        }
        if let types = schema["type"] {
            let names = (types as? [String]) ?? [types as? String ?? ""]
            if !names.contains(where: { Self.isOfType(value, $0) }) { found.append("\(path): \(value) is not \(names)") }
        }
        if let constant = schema["const"], !Self.equal(value, constant) {
            found.append("\(path): \(value) is not \(constant)")
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
            found.append("\(path): \(value) is not one of \(options)")
        }
        if let number = Self.number(value) {
            if let minimum = schema["minimum"] as? Double, number < minimum { found.append("\(path): \(number) < \(minimum)") }
            if let maximum = schema["maximum"] as? Double, number > maximum { found.append("\(path): \(number) > \(maximum)") }
            if let bound = schema["exclusiveMinimum"] as? Double, number <= bound { found.append("\(path): \(number) <= \(bound)") }
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                found.append("\(path): \(key) is missing")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, member) in object {
                if let property = properties[key] as? [String: Any] {
                    found += problems(member, property, at: "\(path).\(key)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    found += problems(member, additional, at: "\(path).\(key)")
                } else if let allowed = schema["additionalProperties"] as? Bool, !allowed {
                    found.append("\(path): \(key) is not in the schema")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in array.enumerated() { found += problems(item, items, at: "\(path)[\(index)]") }
        }
        return found
    }

    /// JSONSerialization reads `true` and `false` as the boolean subclass of NSNumber.
    private static let booleanType = type(of: NSNumber(value: true))

    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return type(of: number) == booleanType
    }

    private static func number(_ value: Any) -> Double? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    private static func isOfType(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBoolean(value)
        case "number": return number(value) != nil
        case "integer": return number(value).map { $0 == $0.rounded() } ?? false
        case "null": return value is NSNull
        default: return false
        }
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? String, let y = b as? String { return x == y }
        if isBoolean(a) || isBoolean(b) { return isBoolean(a) && isBoolean(b) && (a as? Bool) == (b as? Bool) }
        if let x = number(a), let y = number(b) { return x == y }
        return false
    }
}
