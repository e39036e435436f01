/// A setting or preset that cannot be used, with what to do about it.
public enum SettingsError: Error, Equatable, CustomStringConvertible {
    case unknownKey(String, known: [String])
    case outOfRange(field: String, value: String, range: String)
    case invalidValue(field: String, value: String, expected: String)
    case unknownPreset(String, known: [String])
    case malformedPreset(String)
    /// A key written twice in one object of a preset file (JSON would silently keep one).
    /// `objectPath` is where: `[]` for the top level, `["settings"]` for the settings object.
    case duplicateKey(String, objectPath: [String], line: Int)

    public var description: String {
        switch self {
        case .unknownKey(let key, let known):
            return "unknown setting '\(key)' (known settings: \(known.joined(separator: ", ")))"
        case .outOfRange(let field, let value, let range):
            return "\(field) = \(value) is out of range; it must be in \(range)"
        case .invalidValue(let field, let value, let expected):
            return "\(field) = '\(value)' is not valid; expected \(expected)"
        case .unknownPreset(let name, let known):
            return "unknown preset '\(name)' (built-in presets: \(known.joined(separator: ", ")); or give the path of a preset .json file)"
        case .malformedPreset(let reason):
            return reason
        case .duplicateKey(let key, let objectPath, let line):
            return JSONDuplicateKey(key: key, objectPath: objectPath, line: line).description
        }
    }
}
