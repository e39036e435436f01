import LineArtImage
import LineArtCodecs

/// Reads any line-art image (PNG or JPEG, gray or colour) and validates it with the
/// preset's targets and minimum region area. Colour pages are reduced to gray
/// (Rec. 601 luma) before the paper (>= 128) / ink split.
/// - Returns: the fillability, and ``lineArtWarnings(_:)`` about the image.
/// - Throws: ``CodecError`` when the file cannot be read or decoded.
/// - Parameter maxPixels: larger images are refused from their header (a page rendered at
///   1200 DPI on letter paper is 135 megapixels).
public func validatePage(atPath path: String, preset: LineArtPreset, maxPixels: Int = 100_000_000) throws(CodecError)
    -> (fillability: FillabilityResult, warnings: [String])
{
    let decoded = try decodeImage(atPath: path, options: DecodeOptions(maxPixels: maxPixels))
    let gray = decoded.image.luma()
    let validator = FillabilityValidator(targets: preset.profile.targets, minRegionArea: preset.settings.minRegionArea)
    return (validator.validate(gray, suggestionContext: SuggestionContext(preset)), lineArtWarnings(gray))
}

/// Says when a gray image does not look like line art: a black-on-white page (even one
/// with anti-aliased lines, scanned or drawn elsewhere) is almost all near-white or
/// near-black, while a photo is mostly in between. More than 40% of the pixels in 32...223
/// gives a warning, since the ink/paper split of such an image measures nothing useful.
package func lineArtWarnings(_ gray: ByteImage) -> [String] {
    precondition(gray.channels == 1, "lineArtWarnings expects a gray image")
    guard gray.pixelCount > 0 else { return [] }
    var midTones = 0
    gray.samples.withUnsafeBufferPointer { px in
        for v in px where v >= 32 && v <= 223 { midTones += 1 }
    }
    let share = Double(midTones) / Double(gray.pixelCount)
    guard share > 0.4 else { return [] }
    return ["\(Int((share * 100).rounded()))% of the pixels are mid-gray: this looks like a photo, not line art "
            + "('lineart convert' makes a coloring page of a photo)"]
}
