import FoundationEssentials

/// What to do when a photo's outputs already exist (see ``ExistingUnit``).
public enum ExistingOutputPolicy: Sendable {
    /// Like `make`: a complete unit made from the same photo with the same settings is up to
    /// date and left; anything else is converted again.
    case update
    /// Leave every complete unit, whatever it was made from; count it as skipped.
    case skip
    /// Convert every photo again.
    case overwrite
}

/// How converting one photo ended.
public enum ConversionOutcome: Sendable {
    case converted(ImageReport)
    /// `--skip-existing` left a complete unit.
    case skipped
    /// The photo's outputs are complete and made from this photo with these settings.
    case upToDate
    case failed(String)
}

/// Converts one photo file into a page (`.png`) and its report (`.json`):
/// decode (shrink-on-load to the preset's size, EXIF orientation) → pipeline →
/// 1-bit PNG → report. The files are one unit, the report written last (``UnitWriter``).
public struct PhotoConverter: Sendable {
    /// The preset (with `--preset auto`, the first one tried).
    public let preset: LineArtPreset
    /// The pipeline; set ``threads`` to let one photo use several cores.
    public var pipeline: LineArtPipeline
    /// With `--preset auto`, the pipelines of the other presets tried (see ``AutoPreset``):
    /// the photo is decoded once, every pipeline runs, and the best page is kept. Empty
    /// for a single preset.
    public var alternatives: [LineArtPipeline] = []
    public var maxPixels: Int
    /// The size photos are decoded at (shrink-on-load); nil: the largest `maxDimension` of the
    /// presets tried. A page `--preset auto` made, drawn again with its chosen preset alone,
    /// needs the size of the whole set to come out the same.
    public var decodeMaxDimension: Int?

    /// - Precondition: the preset's settings are valid (checked by ``LineArtPipeline/init(preset:)``).
    public init(preset: LineArtPreset, maxPixels: Int = 100_000_000) throws(SettingsError) {
        self.preset = preset
        pipeline = try LineArtPipeline(preset: preset)
        self.maxPixels = maxPixels
    }

    /// A converter that tries every preset of `presets` (in order of preference on equal
    /// results) and keeps the best page, as ``AutoPreset`` chooses.
    public init(trying presets: [LineArtPreset], maxPixels: Int = 100_000_000) throws(SettingsError) {
        precondition(!presets.isEmpty, "no preset to try")
        try self.init(preset: presets[0], maxPixels: maxPixels)
        alternatives = try presets.dropFirst().map { preset throws(SettingsError) in try LineArtPipeline(preset: preset) }
    }

    /// Threads one photo may use, in every pipeline.
    public var threads: Int {
        get { pipeline.threads }
        set {
            pipeline.threads = newValue
            for i in alternatives.indices { alternatives[i].threads = newValue }
        }
    }

    /// Decodes and converts into a 1-bit PNG page; returns the report and the page bytes,
    /// nothing written (what `bench` and the benchmarks time).
    public func render(_ input: BatchInput, pagePath: String) throws(CodecError) -> (ImageReport, [UInt8]) {
        let base = pagePath.hasSuffix(".png") ? String(pagePath.dropLast(4)) : pagePath
        let (report, files, _) = try renderOutputs(input, paths: ConversionPaths(base: base), outputs: PageOutputs())
        return (report, files.first?.1 ?? [])
    }
}
