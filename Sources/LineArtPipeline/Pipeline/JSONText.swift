import FoundationEssentials

/// JSON text read in one pass: its value, where it stops being JSON, and the first key
/// written twice in one object.
///
/// `JSONDecoder` says only "The given data was not valid JSON." and keeps one value of a
/// key written twice without a word, so preset files and manifests are read with this:
/// RFC 8259's grammar (any value at the top), with the place of the first byte that cannot
/// continue the text as a line and column. Numbers become ``JSONValue/int(_:)`` when they
/// are whole and fit an `Int` (`2.0` and `1e2` too) and ``JSONValue/double(_:)`` otherwise,
/// as `JSONDecoder` decodes ``JSONValue``.
package struct JSONText {
    /// The value; nil when the text is not JSON.
    private(set) var value: JSONValue?
    /// Where the text stops being JSON, for people: "invalid value at line 2, column 29";
    /// nil for valid JSON.
    package private(set) var syntaxError: String?
    /// The first key, in text order, that its object already had (found even when the text
    /// is damaged after it); nil when every object's keys are distinct. Keys are compared
    /// after their escapes are decoded, as Swift strings compare (canonical equivalence).
    package private(set) var firstDuplicateKey: JSONDuplicateKey?

    package init(_ data: Data) {
        var reader = Reader(bytes: [UInt8](data))
        do throws(Reader.Failure) {
            value = try reader.document()
        } catch {
            syntaxError = "\(error.what) at \(reader.place(of: error.offset))"
        }
        firstDuplicateKey = reader.firstDuplicate
    }
}

/// A recursive-descent reader of JSON bytes.
private struct Reader {
    let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    private(set) var firstDuplicate: JSONDuplicateKey?

    /// Objects and arrays nested deeper than this are refused (so is a deeper text by
    /// `JSONDecoder`), which also bounds the recursion.
    private static let maxDepth = 512

    struct Failure: Error {
        var what: String
        var offset: Int
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One value and nothing after it but white space.
    mutating func document() throws(Failure) -> JSONValue {
        let result = try value(path: [])
        skipWhitespace()
        if position < bytes.count { throw Failure(what: "garbage after the value", offset: position) }
        return result
    }

    /// "line 2, column 29" (1-based) of the byte at `offset`.
    func place(of offset: Int) -> String {
        let prefix = bytes.prefix(offset)
        let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// The failure at `position`: the end of the text, or a byte that cannot be there.
    private var unexpected: Failure {
        Failure(what: position < bytes.count ? "invalid value" : "unexpected end of file", offset: position)
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard current == byte else { throw unexpected }
        position += 1
    }

    /// The value after any white space; `path` is the keys leading to it.
    private mutating func value(path: [String]) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw unexpected }
        switch byte {
        case UInt8(ascii: "{"): return try object(path: path)
        case UInt8(ascii: "["): return try array(path: path)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected
        }
    }

    /// An object (`{`) or an array (`[`), from its opening bracket to `closing`: its members,
    /// separated by commas, each read by `member`.
    private mutating func container(closing: UInt8, _ member: (inout Reader) throws(Failure) -> Void) throws(Failure) {
        depth += 1
        guard depth <= Self.maxDepth else { throw Failure(what: "too many nested arrays or objects", offset: position) }
        position += 1
        skipWhitespace()
        if current == closing {
            position += 1
            depth -= 1
            return
        }
        while true {
            try member(&self)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(closing)
            depth -= 1
            return
        }
    }

    private mutating func object(path: [String]) throws(Failure) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        try container(closing: UInt8(ascii: "}")) { reader throws(Failure) in
            reader.skipWhitespace()
            guard reader.current == UInt8(ascii: "\"") else { throw reader.unexpected }
            let keyStart = reader.position
            let key = try reader.string()
            if fields[key] != nil, reader.firstDuplicate == nil {
                reader.firstDuplicate = JSONDuplicateKey(key: key, objectPath: path, line: reader.lineNumber(at: keyStart))
            }
            reader.skipWhitespace()
            try reader.expect(UInt8(ascii: ":"))
            fields[key] = try reader.value(path: path + [key])
        }
        return .object(fields)
    }

    /// An array; its elements share its path (an array on the way adds no key).
    private mutating func array(path: [String]) throws(Failure) -> JSONValue {
        var elements: [JSONValue] = []
        try container(closing: UInt8(ascii: "]")) { reader throws(Failure) in
            elements.append(try reader.value(path: path))
        }
        return .array(elements)
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text {
            guard current == byte else { throw unexpected }
            position += 1
        }
    }

    /// A string, from its opening quote, decoded: no raw control characters, only JSON's
    /// escapes, valid UTF-8, surrogates in pairs.
    private mutating func string() throws(Failure) -> String {
        let start = position
        position += 1
        var utf8: [UInt8] = []
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw Failure(what: "invalid UTF-8 in a string", offset: start)
                }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0..<0x20:
                throw Failure(what: "unescaped control character in a string", offset: position)
            default:
                utf8.append(byte)
                position += 1
            }
        }
        throw unexpected
    }

    /// The escape at `position` (its backslash), appended to `utf8`.
    private mutating func escape(into utf8: inout [UInt8]) throws(Failure) {
        let backslash = position
        position += 1
        guard let escaped = current else { throw unexpected }
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by an escaped low one.
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw Failure(what: "unpaired surrogate in a string", offset: backslash)
                }
                position += 2
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw Failure(what: "unpaired surrogate in a string", offset: backslash) }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(unit) else { throw Failure(what: "unpaired surrogate in a string", offset: backslash) }
            utf8.append(contentsOf: Array(String(scalar).utf8))
        default:
            throw Failure(what: "invalid escape sequence", offset: backslash)
        }
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hexUnit() throws(Failure) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current, let value = hexValue(digit) else {
                throw Failure(what: "invalid escape sequence", offset: position)
            }
            unit = unit << 4 | value
            position += 1
        }
        return unit
    }

    /// A number: `-`? (`0` | a digit 1-9 and more digits) (`.` digits)? (`e` sign? digits)?.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = position
        var whole = true
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
            if let next = current, isDigit(next) { throw Failure(what: "number with a leading zero", offset: position) }
        } else {
            try digits()
        }
        if current == UInt8(ascii: ".") {
            whole = false
            position += 1
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            whole = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if whole, let int = Int(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else {
            throw Failure(what: "number out of range", offset: start)
        }
        return Int(exactly: double).map { .int($0) } ?? .double(double)
    }

    private mutating func digits() throws(Failure) {
        guard let first = current, isDigit(first) else { throw unexpected }
        while let byte = current, isDigit(byte) { position += 1 }
    }

    private func lineNumber(at offset: Int) -> Int {
        bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        if isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
        let lower = byte | 0x20
        guard (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(lower) else { return nil }
        return UInt32(lower - UInt8(ascii: "a") + 10)
    }
}
