import CImageCodecs
import Foundation
import Testing

/// A JPEG whose compressed data is damaged decodes into a page with shifted, washed-out
/// blocks: libjpeg's warning about it must reach the user, `--quiet` or not.
@Suite struct DamagedPhotoCLITests {
    /// A 256 x 256 JPEG of soft shapes, made with libjpeg, with eight bytes of its compressed
    /// data changed (none made 0xFF, so no marker appears).
    static func damagedJPEG() throws -> [UInt8] {
        let side = 256
        var pixels = [UInt8](repeating: 0, count: side * side * 3)
        for y in 0..<side {
            for x in 0..<side {
                let inDisc = (x - 128) * (x - 128) + (y - 120) * (y - 120) < 70 * 70
                let base = (y * side + x) * 3
                pixels[base] = inDisc ? 200 : UInt8(x)
                pixels[base + 1] = inDisc ? 40 : UInt8(y)
                pixels[base + 2] = UInt8((x * y) % 251)
            }
        }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = cic_jpeg_encode(pixels, Int32(side), Int32(side), 3, 90, 0, 0, &out, &size, &message, message.count)
        defer { cic_free(out) }
        guard status == 0, let out else { throw CocoaError(.fileWriteUnknown) }
        var jpeg = Array(UnsafeBufferPointer(start: out, count: size))
        let scanStart = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let data = scanStart + 20..<jpeg.count - 2
        for k in 0..<8 {
            let at = data.lowerBound + (data.count / 3) + k * 41
            var changed = jpeg[at] ^ 0x5A
            if changed == 0xFF { changed = 0x7E }
            jpeg[at] = changed
        }
        return jpeg
    }

    @Test func damagedJPEGDataIsSaidOnStderrEvenWhenQuiet() throws {
        let folder = try TemporaryFolder()
        try folder.write("scan.jpg", try Self.damagedJPEG())
        let result = try CLI.run(["convert", "scan.jpg", "-o", "out", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("lineart: warning: scan.jpg: Corrupt JPEG data"), "\(result.stderr)")
        let warnings = try readJSONObject(folder.path("out/scan.json"))["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.hasPrefix("Corrupt JPEG data") }, "\(warnings)")
    }
}
