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

            'lineart convert' without --preset uses auto, which is not a preset of its own: for each photo it picks portrait (a face), object (one subject) or landscape (a scene).

            --settings explains every setting a preset holds (and --set changes): its range, default and what it does to the page.

              lineart presets --settings
              lineart convert photos --output pages --preset object --set regionTarget=20
            """
    )

    @Argument(help: "A preset to print as JSON.")
    var name: String?

    @Flag(help: "Explain every setting: its range, its default and what it does.")
    var settings = false

    func validate() throws {
        if settings && name != nil { throw ValidationError("--settings explains the settings of every preset; give no preset name with it") }
    }

    func run() throws {
        if settings {
            print(settingsReference(width: 80), terminator: "")
            return
        }
        guard let name else {
            for preset in BuiltinPresets.all {
                let s = preset.settings
                let padded = preset.name + String(repeating: " ", count: max(0, 10 - preset.name.count))
                print("\(padded) \(s.maxDimension) px, thickness \(s.thickness), \(preset.profile.rawValue) targets - \(preset.summary)")
            }
            return
        }
        do {
            print(try BuiltinPresets.named(name).jsonText, terminator: "")
        } catch {
            // The names only: this command prints built-in presets, it does not read files.
            throw ValidationError("unknown preset '\(name)' (built-in presets: \(builtinPresetList))")
        }
    }
}


/// Every setting of ``LineArtSettings/specs`` as text: a line with its name, range and default,
/// then its meaning, indented and wrapped to `width` columns.
func settingsReference(width: Int) -> String {
    var text = """
        Settings of a preset (change one with --set KEY=VALUE). Each built-in preset
        sets every one ('lineart presets NAME' shows its values); a default applies
        only to a preset file without a base that leaves the setting out.


        """
    for spec in LineArtSettings.specs {
        text += "\(spec.name)  \(spec.domain.description)  (default \(spec.defaultValue))\n"
        var line = "   "
        for word in spec.summary.split(separator: " ") {
            if line.count + 1 + word.count > width && line.count > 3 {
                text += line + "\n"
                line = "   "
            }
            line += " " + word
        }
        text += line + "\n\n"
    }
    return text
}
