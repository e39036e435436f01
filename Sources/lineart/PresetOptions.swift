import ArgumentParser
import FoundationEssentials
import LineArtKit

/// The preset a command runs when `--preset` is not given, and its help for `--preset`.
protocol PresetDefault {
    static var name: String { get }
    static var help: String { get }
}

/// The built-in presets' names, as help and errors list them.
let builtinPresetList = BuiltinPresets.names.joined(separator: ", ")

/// `convert`: each photo gets the preset made for what it is (``AutoPreset``).
enum AutoByDefault: PresetDefault {
    static let name = AutoPreset.name
    static let help = "A built-in preset (\(builtinPresetList)), a preset .json file, or auto: for each photo the preset made for what it is (portrait for a face, object for one subject, landscape for a scene). Default: auto."
}

/// `validate`, `tune` and `bench`, which work with one preset (auto is `convert`'s alone).
enum PortraitByDefault: PresetDefault {
    static let name = "portrait"
    static let help = "A built-in preset (\(builtinPresetList)) or a preset .json file (default: \(name))."
}

/// `--preset` and `--set`, shared by the commands that run the pipeline.
struct PresetOptions<Default: PresetDefault>: ParsableArguments {
    @Option(name: .customLong("preset"), help: ArgumentHelp(Default.help, valueName: "name|file"))
    var named: String?

    /// `--preset`, or the command's default preset.
    var preset: String { named ?? Default.name }

    /// Whether the command line names a preset or a setting (`validate` then checks pages
    /// of this tool against them rather than against the settings in their reports).
    var isNamed: Bool { named != nil || !overrides.isEmpty || frame != nil }

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Override one setting, e.g. --set thickness=4 or --set regionTarget=20 (repeatable; 'lineart presets --settings' explains every key).",
        valueName: "key=value"))
    var overrides: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "What the page shows: the photo's subject, cropped with a margin (default of object, pet, portrait, toddler), or the whole photo (landscape, abstract). Same as --set frame=.",
        valueName: "subject|photo"))
    var frame: FrameChoice?

    /// The values of `--frame`: the `frame` setting's.
    enum FrameChoice: String, ExpressibleByArgument, CaseIterable {
        case subject, photo
    }

    /// The preset with the overrides applied.
    /// - Throws: `ValidationError` (exit status 2) saying what to fix.
    func resolve() throws -> LineArtPreset {
        try resolve(preset)
    }

    /// Whether `--preset auto` was given (only `convert` supports it).
    var isAuto: Bool { preset == AutoPreset.name }

    /// With `--preset auto`: every built-in preset in ``AutoPreset/order``, with the overrides.
    func resolveAuto() throws -> [LineArtPreset] {
        try AutoPreset.order.map { try resolve($0) }
    }

    /// The preset `nameOrPath` (instead of `--preset`) with the `--set` overrides applied.
    /// - Parameter label: where the name came from, to begin an error with (default
    ///   `--preset NAME`; a manifest names its entry).
    func resolve(_ nameOrPath: String, namedBy label: String? = nil) throws -> LineArtPreset {
        if nameOrPath == AutoPreset.name {
            throw ValidationError("--preset auto is only for 'lineart convert'; name a preset or a preset file")
        }
        var result: LineArtPreset
        do {
            result = try loadPreset(nameOrPath)
        } catch let error as SettingsError {
            // A manifest's label names the photo; a preset file is named too, as --preset's is.
            let file = LineArtPreset.namesAFile(nameOrPath) ? " (\(nameOrPath))" : ""
            throw ValidationError("\(label.map { $0 + file } ?? "--preset \(nameOrPath)"): \(error.description)")
        }
        for item in overrides + (frame.map { ["frame=\($0.rawValue)"] } ?? []) {
            guard let equals = item.firstIndex(of: "=") else {
                throw ValidationError("--set \(item): expected key=value, e.g. --set thickness=4")
            }
            let key = String(item[..<equals])
            let value = String(item[item.index(after: equals)...])
            do {
                try result.settings.set(key, to: value)
            } catch {
                throw ValidationError("--set \(item): \(error.description)")
            }
        }
        return result
    }

    private func loadPreset(_ nameOrPath: String) throws -> LineArtPreset {
        if BuiltinPresets.names.contains(nameOrPath) {
            return try BuiltinPresets.named(nameOrPath)
        }
        var isDirectory = false
        let exists = FileManager.default.fileExists(atPath: nameOrPath, isDirectory: &isDirectory)
        guard LineArtPreset.namesAFile(nameOrPath) || exists else {
            throw SettingsError.unknownPreset(nameOrPath, known: BuiltinPresets.names)
        }
        if isDirectory { throw SettingsError.malformedPreset("is a folder, not a preset file") }
        guard let data = FileManager.default.contents(atPath: nameOrPath) else {
            throw SettingsError.malformedPreset("cannot read preset file: \(unreadableFileReason(atPath: nameOrPath) ?? "unreadable")")
        }
        let fallback = PathString.deletingExtension(PathString.lastComponent(nameOrPath))
        return try LineArtPreset.parse(json: data, fallbackName: fallback)
    }
}
