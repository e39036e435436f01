import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct TunedPresetFileNameTests {
    @Test func isTheBaseNameWithTunedAndJSON() {
        #expect(tunedPresetFileName(baseName: "portrait") == "portrait-tuned.json")
        #expect(tunedPresetFileName(baseName: "Mon chat été") == "Mon chat été-tuned.json")
    }

    /// A preset's name is free text; the file it is saved under is one name in --output.
    @Test func slashesBecomeDashesSoTheFileStaysInTheFolder() {
        #expect(tunedPresetFileName(baseName: "../../escaped") == "..-..-escaped-tuned.json")
        #expect(tunedPresetFileName(baseName: "cats/dogs") == "cats-dogs-tuned.json")
        #expect(tunedPresetFileName(baseName: "nul\u{0}here") == "nul-here-tuned.json")
    }

    @Test func aLongNameIsCutToFitAFileName() {
        let name = tunedPresetFileName(baseName: String(repeating: "é", count: 300))
        #expect(name.utf8.count <= 255)
        #expect(name.hasSuffix("é-tuned.json"))
    }
}
