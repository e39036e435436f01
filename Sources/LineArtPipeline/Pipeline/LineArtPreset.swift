import FoundationEssentials

/// Which fillability targets a page is judged against.
public enum FillabilityProfile: String, Sendable, Equatable, CaseIterable {
    /// 50-500 regions, closure >= 0.70, leak < 0.30, tap >= 0.80.
    case standard
    /// Ages 2-5: 10-30 regions, closure >= 0.90, leak < 0.10, tap >= 0.90.
    case toddler
}

/// A named configuration of the pipeline: settings plus the targets its pages are judged by.
///
/// A preset file is JSON:
/// ```json
/// { "name": "my-portrait", "base": "portrait", "settings": { "thickness": 4 } }
/// ```
/// `base` (optional) names a built-in preset whose settings and targets are the
/// starting point; `settings` overrides some or all fields; `description` and
/// `targets` ("standard" or "toddler") are optional. Unknown keys, and a key written twice
/// in one object, are errors.
public struct LineArtPreset: Sendable, Equatable {
    public var name: String
    public var summary: String
    public var profile: FillabilityProfile
    public var settings: LineArtSettings

    public init(name: String, summary: String, profile: FillabilityProfile = .standard, settings: LineArtSettings) {
        self.name = name
        self.summary = summary
        self.profile = profile
        self.settings = settings
    }

    static let topLevelKeys = ["name", "description", "base", "targets", "settings"]

    /// Whether `--preset` (or a manifest entry) names a preset file rather than a built-in
    /// preset: a path with a folder in it, or a name ending in `.json`.
    public static func namesAFile(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
    }

    /// Reads a preset from JSON text.
    /// - Parameter fallbackName: the name used when the file has no `name` (a file's base name).
    /// - Throws: ``SettingsError`` naming the unknown or duplicate key, bad value or unknown
    ///   base preset.
    public static func parse(json data: Data, fallbackName: String) throws(SettingsError) -> LineArtPreset {
        let text = JSONText(data)
        guard let root = text.value else {
            throw .malformedPreset("preset is not valid JSON: \(text.syntaxError ?? "")")
        }
        guard case .object(let object) = root else {
            throw .malformedPreset("preset must be a JSON object with a \"settings\" object")
        }
        // Which of the two values of a key written twice the author meant is unknown.
        if let duplicate = text.firstDuplicateKey {
            throw .duplicateKey(duplicate.key, objectPath: duplicate.objectPath, line: duplicate.line)
        }
        for key in object.keys.sorted() where !topLevelKeys.contains(key) {
            throw .malformedPreset("unknown preset key '\(key)' (allowed: \(topLevelKeys.joined(separator: ", ")))")
        }

        var preset: LineArtPreset
        if let base = object["base"] {
            guard case .string(let baseName) = base else { throw .malformedPreset("\"base\" must be the name of a built-in preset") }
            preset = try BuiltinPresets.named(baseName)
        } else {
            preset = LineArtPreset(name: fallbackName, summary: "", settings: LineArtSettings())
        }
        preset.name = fallbackName
        if let name = object["name"] {
            guard case .string(let text) = name, !text.isEmpty else { throw .malformedPreset("\"name\" must be a non-empty string") }
            preset.name = text
        }
        if let summary = object["description"] {
            guard case .string(let text) = summary else { throw .malformedPreset("\"description\" must be a string") }
            preset.summary = text
        }
        if let targets = object["targets"] {
            guard case .string(let text) = targets, let profile = FillabilityProfile(rawValue: text) else {
                throw .malformedPreset("\"targets\" must be \"standard\" or \"toddler\"")
            }
            preset.profile = profile
        }
        if let settings = object["settings"] {
            guard case .object(let fields) = settings else { throw .malformedPreset("\"settings\" must be a JSON object") }
            try preset.settings.assign(fields)
        }
        try preset.settings.validate()
        return preset
    }

    /// The preset as JSON, keys in a fixed order, every setting spelled out:
    /// the form `lineart presets NAME` prints and `Presets/NAME.json` holds.
    public var jsonText: String {
        var lines = ["{"]
        lines.append("  \"name\": \(jsonString(name)),")
        lines.append("  \"description\": \(jsonString(summary)),")
        lines.append("  \"targets\": \(jsonString(profile.rawValue)),")
        lines.append("  \"settings\": {")
        let specs = LineArtSettings.specs
        for (index, spec) in specs.enumerated() {
            let value: String
            switch spec.value(in: settings) {
            case .string(let s): value = jsonString(s)
            case let other: value = other.description
            }
            lines.append("    \(jsonString(spec.name)): \(value)" + (index == specs.count - 1 ? "" : ","))
        }
        lines.append("  }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A JSON string literal with the required escapes.
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
