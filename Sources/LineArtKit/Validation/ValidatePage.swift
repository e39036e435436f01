/// Reads any line-art image (PNG or JPEG, gray or colour) and validates it with the
/// preset's targets and minimum region area. Colour pages are reduced to gray
/// (Rec. 601 luma) before the paper (>= 128) / ink split.
/// - Throws: ``CodecError`` when the file cannot be read or decoded.
public func validatePage(atPath path: String, preset: LineArtPreset) throws(CodecError) -> FillabilityResult {
    let decoded = try decodeImage(atPath: path)
    let validator = FillabilityValidator(targets: preset.profile.targets, minRegionArea: preset.settings.minRegionArea)
    return validator.validate(decoded.image.luma(), suggestionContext: SuggestionContext(preset.settings))
}
