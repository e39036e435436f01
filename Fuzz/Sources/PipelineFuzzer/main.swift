import FuzzerDriver
import Glibc
import LineArtKit

/// One libFuzzer input: a small picture of any content and shape, converted by one of the
/// built-in presets, as if it had been decoded from a photo. Three bytes choose how, the
/// rest are the pixels (repeated when too few):
/// - byte 0: the preset (mod 6); bit 3: two threads; bit 4: gray instead of RGB;
/// - bytes 1 and 2: width and height, 1 to 160 pixels each (so 1x160 strips, single
///   pixels, flat and noisy pictures all occur).
/// Every preset works at its smallest size (256 pixels) to keep each run short. The run
/// must not crash, the page must be ink (0) and paper (255) at the working size, and
/// tracing it for SVG and PDF must not crash either.
func testOneInput(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input, size >= 3 else { return 0 }
    let names = BuiltinPresets.names
    guard var preset = try? BuiltinPresets.named(names[Int(data[0]) % names.count]) else { return 0 }
    preset.settings.maxDimension = 256
    let channels = data[0] & 16 != 0 ? 1 : 3
    let width = 1 + Int(data[1]) % 160, height = 1 + Int(data[2]) % 160
    let pixels = UnsafeBufferPointer(start: data + 3, count: size - 3)
    let count = width * height * channels
    let samples = (0..<count).map { pixels.isEmpty ? 0 : pixels[$0 % pixels.count] }
    guard var pipeline = try? LineArtPipeline(preset: preset) else { return 0 }
    pipeline.threads = data[0] & 8 != 0 ? 2 : 1
    pipeline.measuresRegionColours = true
    let result = pipeline.run(ByteImage(width: width, height: height, channels: channels, samples: samples))
    let page = result.lineArt
    precondition(page.channels == 1 && page.width > 0 && page.height > 0
                 && max(page.width, page.height) <= preset.settings.maxDimension)
    precondition(page.samples.allSatisfy { $0 == 0 || $0 == 255 }, "the page is not ink and paper only")
    _ = VectorTracer().trace(page)
    return 0
}

exit(lineart_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
