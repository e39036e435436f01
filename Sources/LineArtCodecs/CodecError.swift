/// Why an image could not be read, decoded, encoded or written.
///
/// `description` is a short human reason meant to follow "FILE: " in CLI output.
public enum CodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or buffer holds zero bytes.
    case emptyFile
    /// The first bytes match no known image signature (text, garbage, other file types).
    case notAnImage
    /// A recognised image format that this decoder refuses, named ("HEIC", "WebP", "GIF", ...).
    case unsupportedFormat(String)
    /// The header declares more pixels than `DecodeOptions.maxPixels`; nothing was allocated.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A format we read, in a variant its library does not decode (an animated WebP, a TIFF
    /// colour model libtiff cannot convert); carries the format's name and the library's reason.
    case unsupportedVariant(format: String, reason: String)
    /// The image library rejected the data; carries the library's message.
    case corrupt(String)
    /// The data ends before enough of the image was present (see `DecodeOptions.minimumJPEGCoverage`).
    case truncated
    /// Reading or writing a file failed; carries the path and the system's reason.
    case io(String)
    /// An encoder was given an image it cannot encode (wrong channel count, zero size, bad DPI).
    case invalidInput(String)

    public var description: String {
        switch self {
        case .emptyFile:
            return "empty file"
        case .notAnImage:
            return "not an image (no JPEG, PNG, HEIC, WebP or TIFF signature)"
        case .unsupportedFormat(let name):
            return "unsupported image format \(name) (LineArt reads JPEG, PNG, HEIC/HEIF, WebP and TIFF)"
        case let .unsupportedVariant(format, reason):
            return "unsupported \(format) image (\(reason))"
        case let .tooLarge(width, height, limit):
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            let declared = overflow ? "too many" : Self.megapixels(pixels)
            return "image is \(width)x\(height) = \(declared) megapixels, over the \(Self.megapixels(limit)) megapixel limit"
        case .corrupt(let message):
            return message.isEmpty ? "corrupt image data" : "corrupt image data (\(message))"
        case .truncated:
            return "truncated file (image data ends early)"
        case .io(let message):
            return message
        case .invalidInput(let message):
            return "cannot encode: \(message)"
        }
    }

    /// "10000", "20.4", "0.3": whole numbers without decimals, otherwise one decimal.
    static func megapixels(_ pixels: Int) -> String {
        if pixels % 1_000_000 == 0 { return String(pixels / 1_000_000) }
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
