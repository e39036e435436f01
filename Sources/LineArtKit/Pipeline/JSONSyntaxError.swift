import FoundationEssentials

/// Where JSON text stops being JSON, for people: "invalid value at line 2, column 29".
///
/// `JSONDecoder` says only "The given data was not valid JSON.", so the text is walked by
/// RFC 8259's grammar (any value at the top, as the decoder allows) up to the first byte that
/// cannot continue it, which is turned into a line and column of `data`. nil when the walk
/// finds nothing wrong (the decoder refused the text for another reason, such as invalid
/// UTF-8 in a string).
func jsonSyntaxError(in data: Data) -> String? {
    var check = JSONSyntaxCheck(bytes: [UInt8](data))
    guard let (what, offset) = check.firstError() else { return nil }
    let prefix = check.bytes.prefix(offset)
    let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
    let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
    return "\(what) at line \(line), column \(column)"
}

/// A recursive-descent walk of JSON text that only checks its syntax.
private struct JSONSyntaxCheck {
    let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    /// Objects and arrays nested deeper than this are refused (so is a deeper text by
    /// `JSONDecoder`), which also bounds the walk's recursion.
    private static let maxDepth = 512

    private struct Failure: Error {
        var what: String
        var offset: Int
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// What is wrong and the offset of the byte where it shows; nil for valid JSON.
    mutating func firstError() -> (String, Int)? {
        do throws(Failure) {
            try value()
            skipWhitespace()
            if position < bytes.count { throw Failure(what: "garbage after the value", offset: position) }
            return nil
        } catch {
            return (error.what, error.offset)
        }
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

    private mutating func value() throws(Failure) {
        skipWhitespace()
        guard let byte = current else { throw unexpected }
        switch byte {
        case UInt8(ascii: "{"): try container(closing: UInt8(ascii: "}"), keyed: true)
        case UInt8(ascii: "["): try container(closing: UInt8(ascii: "]"), keyed: false)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw unexpected
        }
    }

    /// An object (`keyed`) or an array, from its opening bracket.
    private mutating func container(closing: UInt8, keyed: Bool) throws(Failure) {
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
            if keyed {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw unexpected }
                try string()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
            }
            try value()
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

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text {
            guard current == byte else { throw unexpected }
            position += 1
        }
    }

    /// A string, from its opening quote: no raw control characters, only JSON's escapes.
    private mutating func string() throws(Failure) {
        position += 1
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                let backslash = position
                position += 1
                guard let escaped = current else { throw unexpected }
                if escaped == UInt8(ascii: "u") {
                    position += 1
                    for _ in 0..<4 {
                        guard let digit = current, isHexDigit(digit) else { throw Failure(what: "invalid escape sequence", offset: position) }
                        position += 1
                    }
                } else if Array("\"\\/bfnrt".utf8).contains(escaped) {
                    position += 1
                } else {
                    throw Failure(what: "invalid escape sequence", offset: backslash)
                }
            case 0..<0x20:
                throw Failure(what: "unescaped control character in a string", offset: position)
            default:
                position += 1
            }
        }
        throw unexpected
    }

    /// A number: `-`? (`0` | a digit 1-9 and more digits) (`.` digits)? (`e` sign? digits)?.
    private mutating func number() throws(Failure) {
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
            if let next = current, isDigit(next) { throw Failure(what: "number with a leading zero", offset: position) }
        } else {
            try digits()
        }
        if current == UInt8(ascii: ".") {
            position += 1
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
    }

    private mutating func digits() throws(Failure) {
        guard let first = current, isDigit(first) else { throw unexpected }
        while let byte = current, isDigit(byte) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
