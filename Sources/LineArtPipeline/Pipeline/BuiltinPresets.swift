import FoundationEssentials
import LineArtPresets

/// The six built-in presets: the files `Presets/NAME.json`, compiled into the library
/// (an installed `lineart` works from any directory) and parsed once, on first use.
public enum BuiltinPresets {
    /// Names in the order `lineart presets` lists them.
    public static let names = builtinPresetFiles.map(\.name)

    /// All built-in presets, in ``names`` order.
    public static let all: [LineArtPreset] = builtinPresetFiles.map { file in
        do {
            return try LineArtPreset.parse(json: Data(file.json), fallbackName: file.name)
        } catch {
            // Presets/NAME.json is part of the build; PresetTests reads every one.
            preconditionFailure("Presets/\(file.name).json: \(error)")
        }
    }

    /// The built-in preset called `name`.
    /// - Throws: ``SettingsError/unknownPreset(_:known:)`` listing the built-in names.
    public static func named(_ name: String) throws(SettingsError) -> LineArtPreset {
        guard let preset = all.first(where: { $0.name == name }) else { throw .unknownPreset(name, known: names) }
        return preset
    }

}
