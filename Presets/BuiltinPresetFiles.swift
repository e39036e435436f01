// The built-in presets are the JSON files in this folder. SwiftPM embeds each one in the
// LineArtPresets module as a byte array (Package.swift, `.embedInCode`); this file names them
// in the order `lineart presets` lists them. To add one, add NAME.json here, its name to
// `builtinPresets` in Package.swift and a line below.

/// The text of each built-in preset file, `(name, UTF-8 bytes of Presets/NAME.json)`.
public let builtinPresetFiles: [(name: String, json: [UInt8])] = [
    ("toddler", PackageResources.toddler_json),
    ("portrait", PackageResources.portrait_json),
    ("landscape", PackageResources.landscape_json),
    ("object", PackageResources.object_json),
    ("pet", PackageResources.pet_json),
    ("abstract", PackageResources.abstract_json),
]
