import FuzzerDriver
import Glibc
import LineArtKit

/// One libFuzzer input: any bytes, decoded as an image file. The first byte picks how
/// (the rest is the file):
/// - bits 0-1: the size asked for (full size, or at most 64, 256 or 768 pixels, which
///   makes libjpeg decode at 1/2 to 1/8 scale);
/// - bit 2: EXIF orientation applied or not;
/// - the other bits are unused (they once chose among JPEG decoders; the seeds keep them).
/// A decode may fail with a `CodecError`; it must never crash, hang, or touch memory it
/// does not own (the build adds AddressSanitizer).
func testOneInput(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input, size > 0 else { return 0 }
    let pick = data[0]
    let file = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let options = DecodeOptions(
        targetMaxDimension: sizesAskedFor[Int(pick & 3)],
        maxPixels: 4_000_000,  // keeps each run short; larger headers must fail as .tooLarge
        applyOrientation: pick & 4 != 0)
    if let decoded = try? decodeImage(file, options: options) {
        let image = decoded.image
        precondition(image.samples.count == image.width * image.height * image.channels)
        precondition(image.width > 0 && image.height > 0 && image.width * image.height <= options.maxPixels)
    }
    return 0
}

/// The sizes bits 0-1 ask for: full size, or at most 64, 256 or 768 pixels.
let sizesAskedFor: [Int?] = [nil, 64, 256, 768]

exit(lineart_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
