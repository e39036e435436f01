import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct FormatDetectionTests {
    static func smallJPEG() throws -> [UInt8] {
        try Fixtures.jpeg([UInt8](repeating: 128, count: 16 * 16 * 3), width: 16, height: 16, components: 3)
    }

    @Test func detectsJPEGAndPNGBySignature() throws {
        #expect(try ImageFormat.detect(Self.smallJPEG()) == .jpeg)
        let png = try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 2, height: 2, repeating: 9))
        #expect(try ImageFormat.detect(png) == .png)
    }

    /// An ISO-BMFF header with its box size filled in.
    static func sized(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return bytes }
        return [0, 0, 0, UInt8(bytes.count)] + bytes[4...]
    }

    @Test(arguments: [
        (Array("....ftypheic\0\0\0\0mif1heic".utf8), ImageFormat.heif),
        (Array("....ftypmif1\0\0\0\0mif1heic".utf8), .heif),
        (Array("....ftypmif1\0\0\0\0mif1miaf".utf8), .heif),
        (Array("RIFF\u{10}\0\0\0WEBPVP8 ".utf8), .webp),
        ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
        ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
        ([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0], .tiff),  // BigTIFF
    ])
    func detectsPhoneAndWebFormats(bytes: [UInt8], format: ImageFormat) throws {
        #expect(try ImageFormat.detect(Self.sized(bytes)) == format)
    }

    @Test(arguments: [
        (Array("....ftypavif\0\0\0\0avifmif1".utf8), "AVIF"),
        (Array("GIF89a\u{01}\0\u{01}\0".utf8), "GIF"),
        (Array("GIF87a\u{01}\0\u{01}\0".utf8), "GIF"),
        (Array("BM".utf8) + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0, 1, 0], "BMP"),
    ])
    func refusesKnownFormatsByName(bytes: [UInt8], name: String) {
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(Self.sized(bytes)) } == .unsupportedFormat(name))
    }

    @Test func emptyInputIsEmptyFile() {
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage([UInt8]()) } == .emptyFile)
    }

    @Test func garbageAndTextAreNotImages() {
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(Fixtures.noise(count: 100, seed: 7)) } == .notAnImage)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(Array("BMW is a car maker\n".utf8)) } == .notAnImage)
        let mp4 = [0, 0, 0, 20] + Array("ftypisom\0\0\0\0isom".utf8)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(mp4) } == .notAnImage)
        #expect(CodecError.notAnImage.description == "not an image (no JPEG, PNG, HEIC, WebP or TIFF signature)")
    }

    @Test func fileNamesAreIgnored() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.jpg")
        try Data("hello, this is text\n".utf8).write(to: text)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(at: text) } == .notAnImage)

        let disguised = folder.appendingPathComponent("photo.png")
        try Data(Self.smallJPEG()).write(to: disguised)
        let decoded = try decodeImage(at: disguised)
        #expect(decoded.format == .jpeg)
        #expect(decoded.image.size == ImageSize(width: 16, height: 16))

        let empty = folder.appendingPathComponent("empty.png")
        try Data().write(to: empty)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(at: empty) } == .emptyFile)

        let missing = folder.appendingPathComponent("missing.jpg")
        guard case .io(let message)? = Fixtures.error({ () throws(CodecError) in try decodeImage(at: missing) }) else {
            Issue.record("missing file should be an io error")
            return
        }
        #expect(message == "cannot open file: No such file or directory")
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(at: folder) } == .io("is a directory, not a file"))
    }

    @Test func dataVariantDecodes() throws {
        let decoded = try decodeImage(Data(Self.smallJPEG()))
        #expect(decoded.format == .jpeg)
    }
}
