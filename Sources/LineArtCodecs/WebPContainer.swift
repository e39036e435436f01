import LineArtImage

/// The RIFF chunks of a WebP file, read for what libwebp's decoder does not report.
enum WebPContainer {
    /// The orientation in the file's `EXIF` chunk (a TIFF header, sometimes behind an
    /// `Exif\0\0` prefix); nil without one or when it is malformed. Chunk sizes are
    /// bounds-checked, so a damaged file ends the walk instead of reading past the data.
    static func exifOrientation(_ bytes: UnsafeRawBufferPointer) -> EXIFOrientation? {
        guard let exif = chunk("EXIF", in: bytes) else { return nil }
        let prefix = Array("Exif".utf8) + [0, 0]
        let payload = exif.starts(with: prefix) ? UnsafeRawBufferPointer(rebasing: exif.dropFirst(6)) : exif
        return EXIFOrientation(exifPayload: payload)
    }

    /// The payload of the first chunk named `fourCC` after the 12-byte `RIFF....WEBP` header.
    static func chunk(_ fourCC: String, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let name = Array(fourCC.utf8)
        var offset = 12
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 |
                Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let start = offset + 8
            guard length <= bytes.count - start else { return nil }
            if bytes[offset..<offset + 4].elementsEqual(name) {
                return UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
            }
            offset = start + length + (length & 1)  // chunks are padded to an even length
        }
        return nil
    }
}
