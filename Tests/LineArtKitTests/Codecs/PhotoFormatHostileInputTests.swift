import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs

/// Damaged HEIC, WebP and TIFF files give a typed error (or, when the damage misses the
/// pixels, a whole image), never a crash, a hang or a message printed by the library.
@Suite struct PhotoFormatHostileInputTests {
    static let names = ["cat.heic", "cat.webp", "cat.tif"]

    /// A decode that either fails with a `CodecError` or returns an image whose samples
    /// match its size.
    static func decodesOrFailsCleanly(_ bytes: [UInt8]) -> CodecError? {
        do {
            let decoded = try decodeImage(bytes, options: DecodeOptions(maxPixels: 4_000_000))
            let image = decoded.image
            #expect(image.samples.count == image.width * image.height * image.channels && image.width > 0)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: names)
    func everyCutOfTheFileFailsCleanly(name: String) throws {
        let file = try PhotoFormatFixtures.photo(name)
        for length in stride(from: 1, to: file.count, by: max(1, file.count / 97)) {
            let error = Self.decodesOrFailsCleanly(Array(file.prefix(length)))
            #expect(error != nil, "\(name) cut to \(length) bytes decoded")
        }
    }

    /// Cut inside the compressed pixels, each says the data ends early.
    @Test(arguments: names)
    func aFileCutInTheMiddleOfItsPixelsIsTruncated(name: String) throws {
        let file = try PhotoFormatFixtures.photo(name)
        let cut = name.hasSuffix("tif") ? 400 : file.count * 3 / 4  // Pillow writes TIFF pixels first
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(Array(file.prefix(cut))) } == .truncated)
    }

    @Test(arguments: names)
    func flippedBytesFailCleanly(name: String) throws {
        let file = try PhotoFormatFixtures.photo(name)
        let positions = Fixtures.noise(count: 400, seed: 0xC0FFEE).map { Int($0) }
        for round in 0..<40 {
            var damaged = file
            for k in 0..<10 {
                let at = (positions[round * 10 + k] * 131 + round * 977 + k * 7919) % file.count
                damaged[at] ^= UInt8(truncatingIfNeeded: 1 << (k % 8))
            }
            _ = Self.decodesOrFailsCleanly(damaged)
        }
    }

    /// Damage reported by the library keeps the library's words and the format's name.
    @Test func corruptionNamesTheFormat() throws {
        var heic = try PhotoFormatFixtures.photo("cat.heic")
        heic.replaceSubrange(32..<36, with: Array("xxxx".utf8))  // the 'meta' box's type
        guard case .corrupt(let heifMessage)? = Fixtures.error({ () throws(CodecError) in try decodeImage(heic) }) else {
            Issue.record("expected corrupt HEIC")
            return
        }
        #expect(heifMessage.hasPrefix("HEIF: "), "\(heifMessage)")

        // Raw samples labelled as LZW-compressed: libtiff's LZW decoder rejects them.
        var tiff = PhotoFormatFixtures.tiff(Fixtures.noise(count: 64, seed: 3), width: 8, height: 8, channels: 1)
        let compressionEntry: [UInt8] = [0x03, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00]
        let at = try #require((0..<tiff.count - 10).first { Array(tiff[$0..<$0 + 10]) == compressionEntry })
        tiff[at + 8] = 5
        guard case .corrupt(let tiffMessage)? = Fixtures.error({ () throws(CodecError) in try decodeImage(tiff) }) else {
            Issue.record("expected corrupt TIFF")
            return
        }
        #expect(tiffMessage.hasPrefix("TIFF: "), "\(tiffMessage)")
    }
}
