import CImageCodecs
import Glibc

/// Helpers for talking to the C shim.
enum Shim {
    /// Maps a shim status plus message to a `CodecError`.
    static func error(status: Int32, message: UnsafePointer<CChar>?) -> CodecError {
        let text = message.map { String(cString: $0) } ?? ""
        switch Int(status) {
        case Int(CIC_ERR_TRUNCATED): return .truncated
        case Int(CIC_ERR_NOMEM): return .corrupt(text.isEmpty ? "out of memory" : "out of memory: \(text)")
        default: return .corrupt(text)
        }
    }

    static func isOK(_ status: Int32) -> Bool { Int(status) == Int(CIC_OK) }

    /// Splits the shim's newline-separated warning list.
    static func warnings(_ text: UnsafePointer<CChar>?) -> [String] {
        guard let text else { return [] }
        return String(cString: text).split(separator: "\n").map(String.init)
    }

    /// width * height * channels, or nil on overflow / negative input.
    static func byteCount(width: Int, height: Int, channels: Int) -> Int? {
        guard width >= 0, height >= 0, channels >= 0 else { return nil }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: channels)
        return o1 || o2 ? nil : bytes
    }

    /// Throws when `count` bytes for a `width` x `height` image cannot be had: a Swift array
    /// that cannot be allocated stops the whole process, so the decoders ask malloc first
    /// (which says no under an address-space limit, or with overcommit off) and fail just
    /// this file.
    static func checkAllocatable(_ count: Int, width: Int, height: Int) throws(CodecError) {
        guard let probe = malloc(count) else {
            throw .corrupt("not enough memory to decode \(width)x\(height) pixels")
        }
        free(probe)
    }
}
