import CImageCodecs
import Glibc
import LineArtImage

/// Helpers for talking to the C shim.
enum Shim {
    /// Maps a shim status plus message to a `CodecError`; `format` names the format in
    /// `.unsupportedVariant` (without it an unsupported layout reads as corrupt data).
    static func error(status: Int32, message: UnsafePointer<CChar>?, format: ImageFormat? = nil) -> CodecError {
        error(status: status, text: message.map { String(cString: $0) } ?? "", format: format)
    }

    /// `error(status:message:format:)` for a message already in a string.
    static func error(status: Int32, text: String, format: ImageFormat? = nil) -> CodecError {
        switch Int(status) {
        case Int(CIC_ERR_TRUNCATED): return .truncated
        case Int(CIC_ERR_UNSUPPORTED) where format != nil:
            return .unsupportedVariant(format: format!.description, reason: text)
        case Int(CIC_ERR_NOMEM): return .corrupt(text.isEmpty ? "out of memory" : "out of memory: \(text)")
        default: return .corrupt(text)
        }
    }

    /// The text in a NUL-terminated message buffer the shim wrote.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

    /// Allocates `width` x `height` x `channels` samples and has `fill` write them (rows of
    /// `width * channels` bytes); `fill` returns a shim status, `message` its failure text.
    static func pixels(width: Int, height: Int, channels: Int, format: ImageFormat,
                       message: () -> String,
                       fill: (_ out: UnsafeMutablePointer<UInt8>, _ count: Int, _ rowStride: Int) -> Int32)
        throws(CodecError) -> ByteImage
    {
        guard let count = byteCount(width: width, height: height, channels: channels), count > 0 else {
            throw .corrupt("unexpected \(format) geometry \(width)x\(height)")
        }
        try checkAllocatable(count, width: width, height: height)
        var status: Int32 = 0
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = fill(buffer.baseAddress!, count, width * channels)
            initialized = isOK(status) ? count : 0
        }
        guard isOK(status) else { throw error(status: status, text: message(), format: format) }
        return ByteImage(width: width, height: height, channels: channels, samples: samples)
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
