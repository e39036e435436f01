@testable import LineArtPipeline

/// The toddler preset on a 256 px page: the cheapest page of the built-in presets, for tests
/// about files, frames and decoding rather than about the page's lines.
func toddlerOnASmallPage() throws -> LineArtPreset {
    var preset = try BuiltinPresets.named("toddler")
    preset.settings.maxDimension = 256
    return preset
}
