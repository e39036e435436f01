/// Settings encode as one JSON object with a key per spec, in the report and preset forms.
extension LineArtSettings: Encodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
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
