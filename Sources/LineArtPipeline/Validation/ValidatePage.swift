import LineArtImage
import LineArtCodecs

/// A page checked by ``validatePage(atPath:preset:presetNamed:maxPixels:)``.
public struct PageCheck: Sendable {
    public var fillability: FillabilityResult
    /// ``lineArtWarnings(_:)`` about the image.
    public var warnings: [String]
    /// The report `convert` wrote for the page (`NAME.json`), when the page came from this
    /// tool: its drawing was measured at the working size, and its suggestions are about
    /// the report's settings.
    public var reportPath: String?
    /// The preset the page was made with, from its report.
    public var madeWithPreset: String?
}

/// Reads a line-art image (PNG or JPEG, gray or colour; colour is reduced to gray, Rec. 601
/// luma, before the paper >= 128 / ink split) and validates its drawing.
///
/// A page `convert` wrote (its report, ``ImageReport/describing(pageAt:size:)``, is beside
/// it) is measured as `convert` measured it: the drawing read back at its working size
/// from the report's `placement` (``drawingBitmap(of:placement:size:)``), against the
/// report's targets and minimum region area unless `presetNamed`, with suggestions about
/// the report's settings (the report's own when the page measures as it says). Any other page is measured on its drawing box (``inkBounds(_:)``:
/// a paper margin would join the corners into one region) against `preset`, and its
/// suggestions are about the drawing, since the settings that made it are not known.
/// - Parameters:
///   - presetNamed: whether `preset` was asked for (then its targets apply to every page).
///   - maxPixels: larger images are refused from their header (a page rendered at 1200 DPI
///     on letter paper is 135 megapixels).
/// - Throws: ``CodecError`` when the file cannot be read or decoded.
public func validatePage(atPath path: String, preset: LineArtPreset, presetNamed: Bool,
                         maxPixels: Int = 100_000_000) throws(CodecError) -> PageCheck {
    let decoded = try decodeImage(atPath: path, options: DecodeOptions(maxPixels: maxPixels))
    let gray = decoded.image.luma()
    let warnings = lineArtWarnings(gray)
    if let (reportPath, report) = ImageReport.describing(pageAt: path, size: gray.size),
       let png = report.placement?.png,
       let drawing = drawingBitmap(of: gray, placement: png, size: report.processedSize) {
        let validator = presetNamed
            ? FillabilityValidator(targets: preset.profile.targets, minRegionArea: preset.settings.minRegionArea)
            : FillabilityValidator(targets: report.fillability.targets, minRegionArea: report.fillability.minRegionArea)
        let context = SuggestionContext(report.settings, lineSource: report.lineSource)
        var fillability = validator.validate(drawing, suggestionContext: context)
        // Measured as convert measured it: the report's suggestions, which convert made knowing
        // the engine's hierarchy (``SuggestionContext/countCurve``), still hold.
        var reported = report.fillability
        reported.suggestions = fillability.suggestions
        if reported == fillability { fillability.suggestions = report.fillability.suggestions }
        return PageCheck(fillability: fillability, warnings: warnings,
                         reportPath: reportPath, madeWithPreset: report.preset)
    }
    let box = inkBounds(gray).map { gray.cropped(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? gray
    let validator = FillabilityValidator(targets: preset.profile.targets, minRegionArea: preset.settings.minRegionArea)
    var result = validator.validate(box)
    result.suggestions = drawingSuggestions(for: result)
    return PageCheck(fillability: result, warnings: warnings, reportPath: nil, madeWithPreset: nil)
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
