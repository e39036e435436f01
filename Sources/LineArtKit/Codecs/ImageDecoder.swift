import FoundationEssentials

/// Decodes a JPEG or PNG file into an upright 8-bit gray or RGB image.
///
/// The whole file is read into memory once; the format is chosen by signature, never by
/// extension (a JPEG named `.png` decodes). Errors: `.io` (unreadable file), `.emptyFile`,
/// `.notAnImage`, `.unsupportedFormat(name)` (HEIC, WebP, GIF, TIFF, ...), `.tooLarge`
/// (checked from the header before any pixel allocation), `.truncated`, `.corrupt(message)`.
public func decodeImage(atPath path: String, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    let bytes = try FileBytes.load(path: path)
    return try decodeImage(bytes, options: options)
}

/// `decodeImage(atPath:)` for a file URL.
public func decodeImage(at url: URL, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    try decodeImage(atPath: url.path, options: options)
}

/// Decodes JPEG or PNG bytes already in memory (see `decodeImage(atPath:)`).
public func decodeImage(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    let result = bytes.withUnsafeBytes { raw in
        Result { () throws(CodecError) -> DecodedImage in try decodeImage(raw, options: options) }
    }
    return try result.get()
}

/// Decodes JPEG or PNG bytes held in `Data` (see `decodeImage(atPath:)`).
public func decodeImage(_ data: Data, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    let result = data.withUnsafeBytes { raw in
        Result { () throws(CodecError) -> DecodedImage in try decodeImage(raw, options: options) }
    }
    return try result.get()
}

/// Decodes JPEG or PNG bytes in a raw buffer (see `decodeImage(atPath:)`).
public func decodeImage(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions = DecodeOptions()) throws(CodecError) -> DecodedImage {
    try decodeImage(bytes, options: options, overlapping: nil).image
}

/// `decodeImage(atPath:options:)` with `consumer` reading a JPEG's rows on a second thread
/// while libjpeg decodes the rest (see ``JPEGDecoder/decode(_:options:overlapping:)``: only
/// sequential, upright JPEGs the consumer accepts; PNGs never). The image, warnings and
/// errors are those of `decodeImage(atPath:options:)`.
/// - Returns: the image and the instant decoding itself finished (for a streamed JPEG,
///   before the consumer's last rows were waited for).
func decodeImage(atPath path: String, options: DecodeOptions, overlapping consumer: any ScanlineConsumer)
    throws(CodecError) -> (image: DecodedImage, decodeDone: ContinuousClock.Instant)
{
    let bytes = try FileBytes.load(path: path, twoThreads: true)
    let result = bytes.withUnsafeBytes { raw in
        Result { () throws(CodecError) -> (image: DecodedImage, decodeDone: ContinuousClock.Instant) in
            try decodeImage(raw, options: options, overlapping: consumer)
        }
    }
    return try result.get()
}

/// The format dispatch behind every `decodeImage`: a JPEG decodes with `consumer` reading
/// its rows when there is one; the instant is when decoding itself finished. (Internal for
/// the decode fuzzer, Fuzz/Sources/DecodeFuzzer, which reaches the two-thread paths here.)
func decodeImage(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions, overlapping consumer: (any ScanlineConsumer)?)
    throws(CodecError) -> (image: DecodedImage, decodeDone: ContinuousClock.Instant)
{
    switch try ImageFormat.detect(bytes) {
    case .jpeg:
        return try JPEGDecoder.decode(bytes, options: options, overlapping: consumer)
    case .png:
        return (try PNGDecoder.decode(bytes, options: options), ContinuousClock.now)
    }
}
