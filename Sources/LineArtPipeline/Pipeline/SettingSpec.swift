/// A value of one setting, as read from JSON or `--set`.
public enum SettingValue: Sendable, Equatable, Hashable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)

    public var description: String {
        switch self {
        case .int(let v): return String(v)
        case .double(let v): return String(v)
        case .bool(let v): return String(v)
        case .string(let v): return v
        }
    }
}

/// One field of ``LineArtSettings``: its name, accepted values, default and meaning.
/// Validation, `--set` parsing, JSON reading and docs all go through this.
public struct SettingSpec: Sendable {
    /// The values a field accepts.
    public enum Domain: Sendable, Equatable {
        case int(ClosedRange<Int>)
        case double(ClosedRange<Double>)
        case bool
        case choice([String])

        /// "256...1024", "true|false", "edges|regions".
        public var description: String {
            switch self {
            case .int(let r): return "\(r.lowerBound)...\(r.upperBound)"
            case .double(let r): return "\(r.lowerBound)...\(r.upperBound)"
            case .bool: return "true|false"
            case .choice(let names): return names.joined(separator: "|")
            }
        }
    }

    public let name: String
    public let domain: Domain
    public let defaultValue: SettingValue
    public let summary: String
    private let read: @Sendable (LineArtSettings) -> SettingValue
    private let write: @Sendable (inout LineArtSettings, SettingValue) -> Void

    /// The field's current value in `settings`.
    public func value(in settings: LineArtSettings) -> SettingValue { read(settings) }

    func resetToDefault(_ settings: inout LineArtSettings) { write(&settings, defaultValue) }

    /// Checks the field's value in `settings` against its domain.
    public func validate(in settings: LineArtSettings) throws(SettingsError) {
        try check(read(settings))
    }

    /// Converts `value` to the field's type (an integral double is accepted for an
    /// int field, an int for a double field), checks it and stores it. A negative zero is
    /// stored as 0, so presets and reports never say `-0.0`.
    public func assign(_ value: SettingValue, to settings: inout LineArtSettings) throws(SettingsError) {
        var converted = try convert(value)
        if case .double(let v) = converted, v == 0 { converted = .double(0) }
        try check(converted)
        write(&settings, converted)
    }

    /// Parses `text` (as in `--set key=value`) and assigns it.
    public func assign(_ text: String, to settings: inout LineArtSettings) throws(SettingsError) {
        let trimmed = text.trimmingSpaces
        let parsed: SettingValue
        switch domain {
        case .int:
            guard let v = Int(trimmed) else { throw .invalidValue(field: name, value: text, expected: "an integer in \(domain.description)") }
            parsed = .int(v)
        case .double:
            guard let v = Double(trimmed), v.isFinite else { throw .invalidValue(field: name, value: text, expected: "a number in \(domain.description)") }
            parsed = .double(v)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": parsed = .bool(true)
            case "false", "no", "off", "0": parsed = .bool(false)
            default: throw .invalidValue(field: name, value: text, expected: "true or false")
            }
        case .choice:
            parsed = .string(trimmed)
        }
        try assign(parsed, to: &settings)
    }

    private func convert(_ value: SettingValue) throws(SettingsError) -> SettingValue {
        switch (domain, value) {
        case (.int, .int), (.double, .double), (.bool, .bool), (.choice, .string):
            return value
        case (.int, .double(let d)) where d.rounded() == d && abs(d) < 1e15:
            return .int(Int(d))
        case (.double, .int(let i)):
            return .double(Double(i))
        default:
            throw .invalidValue(field: name, value: value.description, expected: expectedPhrase)
        }
    }

    private func check(_ value: SettingValue) throws(SettingsError) {
        switch (domain, value) {
        case (.int(let r), .int(let v)) where r.contains(v): return
        case (.double(let r), .double(let v)) where r.contains(v): return
        case (.bool, .bool): return
        case (.choice(let names), .string(let v)) where names.contains(v): return
        case (.choice, _):
            throw .invalidValue(field: name, value: value.description, expected: expectedPhrase)
        default:
            throw .outOfRange(field: name, value: value.description, range: domain.description)
        }
    }

    /// What the field takes, to end "is not valid; expected ...": "an integer in 1...8".
    var expectedPhrase: String {
        switch domain {
        case .int: return "an integer in \(domain.description)"
        case .double: return "a number in \(domain.description)"
        case .bool: return "true or false"
        case .choice(let names): return "one of " + names.joined(separator: ", ")
        }
    }
}

extension SettingSpec {
    static func int(_ name: String, _ key: WritableKeyPath<LineArtSettings, Int> & Sendable,
                    _ range: ClosedRange<Int>, default value: Int, _ summary: String) -> SettingSpec {
        SettingSpec(name: name, domain: .int(range), defaultValue: .int(value), summary: summary,
                    read: { .int($0[keyPath: key]) },
                    write: { if case .int(let v) = $1 { $0[keyPath: key] = v } })
    }

    static func double(_ name: String, _ key: WritableKeyPath<LineArtSettings, Double> & Sendable,
                       _ range: ClosedRange<Double>, default value: Double, _ summary: String) -> SettingSpec {
        SettingSpec(name: name, domain: .double(range), defaultValue: .double(value), summary: summary,
                    read: { .double($0[keyPath: key]) },
                    write: { if case .double(let v) = $1 { $0[keyPath: key] = v } })
    }

    static func bool(_ name: String, _ key: WritableKeyPath<LineArtSettings, Bool> & Sendable,
                     default value: Bool, _ summary: String) -> SettingSpec {
        SettingSpec(name: name, domain: .bool, defaultValue: .bool(value), summary: summary,
                    read: { .bool($0[keyPath: key]) },
                    write: { if case .bool(let v) = $1 { $0[keyPath: key] = v } })
    }

    static func choice(_ name: String, _ key: WritableKeyPath<LineArtSettings, String> & Sendable,
                       _ names: [String], default value: String, _ summary: String) -> SettingSpec {
        SettingSpec(name: name, domain: .choice(names), defaultValue: .string(value), summary: summary,
                    read: { .string($0[keyPath: key]) },
                    write: { if case .string(let v) = $1 { $0[keyPath: key] = v } })
    }
}

extension String {
    package var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
