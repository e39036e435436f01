import FoundationEssentials

/// Decodes a JPEG, PNG, HEIC/HEIF, WebP or TIFF file into an upright 8-bit gray or RGB image.
///
/// The whole file is read into memory once; the format is chosen by signature, never by
/// extension (a JPEG named `.png` decodes). Errors: `.io` (unreadable file), `.emptyFile`,
/// `.notAnImage`, `.unsupportedFormat(name)` (AVIF, GIF, BMP, JPEG XL),
/// `.unsupportedVariant` (an animated WebP, a TIFF libtiff cannot convert), `.tooLarge`
/// (checked from the header before any pixel allocation), `.truncated`, `.corrupt(message)`.
public func decodeImage(atPath path: String, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    let bytes = try FileBytes.load(path: path)
    return try decodeImage(bytes, options: options)
}

/// `decodeImage(atPath:)` for a file URL.
public func decodeImage(at url: URL, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    try decodeImage(atPath: url.path, options: options)
}

/// Decodes image bytes already in memory (see `decodeImage(atPath:)`).
public func decodeImage(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    let result = bytes.withUnsafeBytes { raw in
        Result { () throws(CodecError) -> DecodedImage in try decodeImage(raw, options: options) }
    }
    return try result.get()
}

/// Decodes image bytes held in `Data` (see `decodeImage(atPath:)`).
public func decodeImage(_ data: Data, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    let result = data.withUnsafeBytes { raw in
        Result { () throws(CodecError) -> DecodedImage in try decodeImage(raw, options: options) }
    }
    return try result.get()
}

/// Decodes image bytes in a raw buffer (see `decodeImage(atPath:)`).
public func decodeImage(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    switch try ImageFormat.detect(bytes) {
    case .jpeg: return try JPEGDecoder.decode(bytes, options: options)
    case .png: return try PNGDecoder.decode(bytes, options: options)
    case .heif: return try HEIFDecoder.decode(bytes, options: options)
    case .webp: return try WebPDecoder.decode(bytes, options: options)
    case .tiff: return try TIFFDecoder.decode(bytes, options: options)
    }
}
