/// Settings encode as one JSON object with a key per spec, in the report and preset forms,
/// and decode from it (a report read back when a batch resumes): every key must be a
/// setting, every value valid for it; settings the object leaves out keep their defaults.
extension LineArtSettings: Codable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        try assign(decoder.singleValueContainer().decode([String: JSONValue].self))
    }

    /// Sets every setting `fields` names (a preset's or a report's `settings` object), in
    /// key order; the others keep their values.
    /// - Throws: ``SettingsError`` for an unknown key or a value the setting does not take.
    mutating func assign(_ fields: [String: JSONValue]) throws(SettingsError) {
        for key in fields.keys.sorted() {
            guard let spec = Self.spec(named: key) else {
                throw .unknownKey(key, known: Self.specs.map(\.name))
            }
            guard let field = fields[key], let value = field.settingValue else {
                throw .invalidValue(field: key, value: fields[key]?.kindName ?? "nothing", expected: spec.expectedPhrase)
            }
            try spec.assign(value, to: &self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for spec in Self.specs {
            let key = Key(stringValue: spec.name)
            switch spec.value(in: self) {
            case .int(let v): try container.encode(v, forKey: key)
            case .double(let v): try container.encode(v, forKey: key)
            case .bool(let v): try container.encode(v, forKey: key)
            case .string(let v): try container.encode(v, forKey: key)
            }
        }
    }
}
