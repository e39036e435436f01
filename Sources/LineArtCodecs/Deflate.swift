import CImageCodecs

/// zlib compression (RFC 1950 streams, what PDF's `/FlateDecode` filter reads), through
/// the C shim.
package enum Deflate {
    /// `bytes` compressed at `level` (0...9); nil only if zlib fails, which it does not for
    /// valid input and a large enough buffer.
    package static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var capacity = cic_deflate_bound(bytes.count)
        var out = [UInt8](repeating: 0, count: capacity)
        let status = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                cic_deflate(input.baseAddress, input.count, output.baseAddress, &capacity, level)
            }
        }
        guard status == 0 else { return nil }
        out.removeSubrange(capacity...)
        return out
    }

    /// The bytes of a zlib stream that decompresses to at most `maxSize` bytes; nil when it
    /// is not a complete stream or is larger.
    package static func decompress(_ bytes: [UInt8], maxSize: Int) -> [UInt8]? {
        var size = maxSize
        var out = [UInt8](repeating: 0, count: max(1, maxSize))
        let status = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                cic_inflate(input.baseAddress, input.count, output.baseAddress, &size)
            }
        }
        guard status == 0 else { return nil }
        out.removeSubrange(size...)
        return out
    }
}
