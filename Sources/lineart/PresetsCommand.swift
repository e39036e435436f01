import ArgumentParser
import LineArtKit

struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in presets, or print one as JSON.",
        discussion: """
            Without a name, lists the presets one per line. With a name, prints that preset as JSON, ready to save, edit and pass to --preset:

              lineart presets portrait > my-portrait.json
              lineart convert photos --output pages --preset my-portrait.json

            A preset file may also name a built-in preset as its base and override a few settings: { "base": "portrait", "settings": { "thickness": 4 } }
            """
    )

    @Argument(help: "A preset to print as JSON.")
    var name: String?

    func run() throws {
        guard let name else {
            for preset in BuiltinPresets.all {
                let s = preset.settings
                let padded = preset.name.padding(toLength: 10, withPad: " ", startingAt: 0)
                print("\(padded) \(s.maxDimension) px, thickness \(s.thickness), \(preset.profile.rawValue) targets - \(preset.summary)")
            }
            return
        }
        do {
            print(try BuiltinPresets.named(name).jsonText, terminator: "")
        } catch {
            // The names only: this command prints built-in presets, it does not read files.
            throw ValidationError("unknown preset '\(name)' (built-in presets: \(BuiltinPresets.names.joined(separator: ", ")))")
        }
    }
}
