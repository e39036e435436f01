import Glibc

extension String {
    /// `format` with `arguments` by the C library's `vsnprintf` (numbers: `%.1f`, `%9.1f`,
    /// `%ld`, `%02x`, `%%`; no `%@`). The decimal point is always `.`: the process never
    /// sets a locale. Foundation's `String(format:)` did this, but only the ICU-backed
    /// Foundation has it, and the binary links FoundationEssentials alone.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        self.init(cFormat: format, arguments: arguments)
    }

    /// ``init(cFormat:_:)`` with the arguments in an array.
    public init(cFormat format: String, arguments: [any CVarArg]) {
        let length = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
        guard length > 0 else {
            self = ""
            return
        }
        var bytes = [CChar](repeating: 0, count: Int(length) + 1)
        _ = bytes.withUnsafeMutableBufferPointer { buffer in
            withVaList(arguments) { vsnprintf(buffer.baseAddress, buffer.count, format, $0) }
        }
        self = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
