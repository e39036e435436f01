import FuzzerDriver
import Glibc
@testable import LineArtKit

/// One libFuzzer input: any bytes, decoded as an image file. The first byte picks how
/// (the rest is the file), so that every decoding path is reached:
/// - bits 0-1: the size asked for (full size, or at most 64, 256 or 768 pixels, which
///   makes libjpeg decode at 1/2 to 1/8 scale);
/// - bit 2: EXIF orientation applied or not;
/// - bits 3-4: who decodes a JPEG: libjpeg alone (0, as `decodeImage` does) or libjpeg
///   with the rows read on a second thread as they come (``ScanlineFeed``; 1-3).
/// A decode may fail with a `CodecError`; it must never crash, hang, or touch memory it
/// does not own (the build adds AddressSanitizer).
func testOneInput(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input, size > 0 else { return 0 }
    let pick = data[0]
    let file = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let mode = (pick >> 3) & 3
    let options = DecodeOptions(
        targetMaxDimension: sizesAskedFor[Int(pick & 3)],
        maxPixels: 4_000_000,  // keeps each run short; larger headers must fail as .tooLarge
        applyOrientation: pick & 4 != 0,
        splitsJPEGDecode: mode == 2)
    // The library's own format dispatch; a PNG ignores the consumer.
    let consumer: (any ScanlineConsumer)? = mode == 0 ? nil : RowReader()
    if let decoded = try? decodeImage(file, options: options, overlapping: consumer) {
        let image = decoded.image.image
        precondition(image.samples.count == image.width * image.height * image.channels)
        precondition(image.width > 0 && image.height > 0 && image.width * image.height <= options.maxPixels)
    }
    return 0
}

/// The sizes bits 0-1 ask for: full size, or at most 64, 256 or 768 pixels.
let sizesAskedFor: [Int?] = [nil, 64, 256, 768]

/// A consumer that reads every row as it becomes final, the way the overlapped
/// preprocessing does: a row read before the decoder finished it shows up under
/// ThreadSanitizer, a row past the image under AddressSanitizer.
final class RowReader: ScanlineConsumer, @unchecked Sendable {
    /// What the reads add up to, kept so that the optimizer cannot drop them.
    var checksum = 0
    func accepts(width: Int, height: Int, channels: Int) -> Bool { true }
    func consume(_ feed: ScanlineFeed) {
        let rowBytes = feed.width * feed.channels
        var y = 0
        while y < feed.height, let ready = feed.waitForRows(y + 1) {
            for row in y..<min(ready, feed.height) {
                let start = feed.pixels + row * rowBytes
                for x in stride(from: 0, to: rowBytes, by: 7) { checksum &+= Int(start[x]) }
            }
            y = ready
        }
    }
}

exit(lineart_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
