import Foundation
import FuzzerDriver
import LineArtKit

/// One libFuzzer input: the bytes of a preset file as `--preset FILE` reads it. Parsing
/// may fail with a `SettingsError`; it must never crash. A preset that parses is written
/// out the way `lineart presets NAME` prints it, and that text must parse back to the same
/// preset.
func testOneInput(_ input: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data = input, size > 0 else { return 0 }
    guard let preset = try? LineArtPreset.parse(json: Data(bytes: data, count: size), fallbackName: "fuzz") else {
        return 0
    }
    let again = try? LineArtPreset.parse(json: Data(preset.jsonText.utf8), fallbackName: "other")
    precondition(again == preset, "preset did not survive its own JSON text:\n\(preset.jsonText)")
    return 0
}

exit(lineart_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv, testOneInput))
