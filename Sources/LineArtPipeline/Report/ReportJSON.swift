import FoundationEssentials

/// Encodes a report as pretty, key-sorted JSON with a trailing newline: stable
/// output that diff tools and other programs read easily.
public func encodeReportJSON<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
}
