import FoundationEssentials

/// A key written twice in one object of a JSON text (`{"thickness": 2, "thickness": 9}`).
///
/// `JSONDecoder` keeps one of the two values and says nothing, so a preset file whose
/// author meant one of them silently gets the other; ``first(in:)`` finds such a key so the
/// file can be refused with the key, the object and the line named.
struct JSONDuplicateKey: Sendable, Equatable, CustomStringConvertible {
    /// The key, with its escapes decoded (`"thick\u006eess"` is `thickness`).
    var key: String
    /// The keys leading to the object that holds it: `[]` for the top level, `["settings"]`
    /// for a preset's settings (an array on the way adds nothing).
    var objectPath: [String]
    /// 1-based line of the second occurrence.
    var line: Int

    /// For people: `duplicate key 'thickness' in "settings" at line 4: ...`.
    var description: String {
        let place = objectPath.isEmpty ? "" : " in \"\(objectPath.joined(separator: "."))\""
        return "duplicate key '\(key)'\(place) at line \(line): a key may appear only once, so keep the value you mean"
    }

    /// The first key, in text order, that its object already had; nil when every object's
    /// keys are distinct. Keys are compared as Swift strings compare (canonical equivalence),
    /// as `JSONDecoder` merges them into one dictionary entry.
    ///
    /// `data` is expected to be valid JSON (check it with a decoder first); text that is not
    /// is scanned as far as it makes sense, and a duplicate found before the damage is still
    /// returned.
    static func first(in data: Data) -> JSONDuplicateKey? {
        var scanner = Scanner(bytes: [UInt8](data))
        return scanner.findDuplicate()
    }

    /// A recursive-descent walk of the JSON text that only records object keys.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func findDuplicate() -> JSONDuplicateKey? {
            skipWhitespace()
            return value(path: [])
        }

        private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        /// Scans the value at `position` (after whitespace).
        private mutating func value(path: [String]) -> JSONDuplicateKey? {
            switch current {
            case UInt8(ascii: "{"): return object(path: path)
            case UInt8(ascii: "["): return array(path: path)
            case UInt8(ascii: "\""): _ = string(); return nil
            case nil: return nil
            default:
                // A number, true, false or null: up to the next delimiter.
                while let byte = current, !Self.delimiters.contains(byte) { position += 1 }
                return nil
            }
        }

        private static let delimiters: Set<UInt8> = Set(",]} \n\r\t".utf8)

        private mutating func object(path: [String]) -> JSONDuplicateKey? {
            position += 1 // {
            var keys = Set<String>()
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else {
                    if current == UInt8(ascii: "}") { position += 1 }
                    return nil // "}" of an empty object, or not JSON
                }
                let keyStart = position
                let key = string()
                if !keys.insert(key).inserted {
                    return JSONDuplicateKey(key: key, objectPath: path, line: line(at: keyStart))
                }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { return nil }
                position += 1
                skipWhitespace()
                if let found = value(path: path + [key]) { return found }
                skipWhitespace()
                guard current == UInt8(ascii: ",") else {
                    if current == UInt8(ascii: "}") { position += 1 }
                    return nil
                }
                position += 1
            }
        }

        private mutating func array(path: [String]) -> JSONDuplicateKey? {
            position += 1 // [
            while true {
                skipWhitespace()
                if current == UInt8(ascii: "]") { position += 1; return nil }
                guard current != nil else { return nil }
                if let found = value(path: path) { return found }
                skipWhitespace()
                guard current == UInt8(ascii: ",") else {
                    if current == UInt8(ascii: "]") { position += 1 }
                    return nil
                }
                position += 1
            }
        }

        /// The string literal at `position` (its opening quote), decoded; `position` ends
        /// after the closing quote.
        private mutating func string() -> String {
            position += 1 // "
            var utf8: [UInt8] = []
            var pendingHighSurrogate: UInt32?
            func append(_ scalar: Unicode.Scalar) { utf8.append(contentsOf: Array(String(scalar).utf8)) }
            while let byte = current, byte != UInt8(ascii: "\"") {
                position += 1
                guard byte == UInt8(ascii: "\\"), let escaped = current else {
                    utf8.append(byte)
                    pendingHighSurrogate = nil
                    continue
                }
                position += 1
                switch escaped {
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    let hex = bytes[position..<min(bytes.count, position + 4)]
                    position += hex.count
                    guard let unit = UInt32(String(decoding: hex, as: UTF8.self), radix: 16) else { continue }
                    if (0xD800..<0xDC00).contains(unit) {
                        pendingHighSurrogate = unit
                        continue
                    }
                    if (0xDC00..<0xE000).contains(unit), let high = pendingHighSurrogate,
                       let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) {
                        append(scalar)
                    } else if let scalar = Unicode.Scalar(unit) {
                        append(scalar)
                    }
                default: utf8.append(escaped) // \" \\ \/
                }
                pendingHighSurrogate = nil
            }
            position += 1 // "
            return String(decoding: utf8, as: UTF8.self)
        }

        private func line(at offset: Int) -> Int {
            bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
    }
}
