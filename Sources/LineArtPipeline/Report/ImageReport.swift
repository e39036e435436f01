import LineArtImage
import LineArtAlgorithms

/// The report written beside each page (`NAME.json`). Described by `docs/report.schema.json`.
/// Decodable too: a batch resumed with `--skip-existing` reads back the reports of the pages
/// it leaves, so its summary, contact sheet and booklet cover the whole batch.
public struct ImageReport: Sendable, Codable {
    public static let currentSchemaVersion = 1

    public var schemaVersion = ImageReport.currentSchemaVersion
    /// The photo, as given or found by the walk.
    public var input: String
    /// The line-art page written for it.
    public var page: String
    /// `jpeg`, `png`, `heif`, `webp` or `tiff`, from the file's content.
    public var format: String
    /// Size stored in the file, before orientation and scaling.
    public var originalSize: ImageSize
    /// Size of the page (the working size after resizing to maxDimension).
    public var processedSize: ImageSize
    /// The EXIF orientation (1-8) that was applied; 1 means none.
    public var orientation: Int
    /// The preset's name and the settings actually used (after --set overrides).
    public var preset: String
    public var settings: LineArtSettings
    public var fillability: FillabilityResult
    /// Milliseconds per stage.
    public var timingsMs: StageTimings
    /// Frontal faces whose features the page draws (working pixels, as `processedSize`;
    /// largest first).
    public var faces: [FaceBox]
    /// `engine` (the preset's extraction engine drew the lines) or `drawing` (the picture
    /// is drawn with dark outlines and the page keeps them; see ``LineDrawing``).
    public var lineSource: LineSource
    /// Non-fatal problems, e.g. corrupt data libjpeg decoded around.
    public var warnings: [String]
    /// Where the drawing (the pixels of `processedSize`, which every pixel position of the
    /// report is in) lies on the SVG/PDF page and on the PNG. Always written; nil only in a
    /// report read back from an earlier version, which did not write it.
    public var placement: PagePlacement? = nil
    /// The photo, settings and files this report vouches for (``OutputUnit``); nil only in
    /// a report of an earlier version, which did not write it.
    public var unit: OutputUnit? = nil
    /// What the photo is about (``Subject``), in pixels of the upright photo at its full
    /// size; absent when it has no clear subject or the preset did not look for one.
    public var subject: Subject? = nil
    /// The part of the photo the page shows, in the same pixels; absent when the page shows
    /// the whole photo (`frame` setting `photo`, or no clear subject).
    public var frame: PixelRectangle? = nil
    /// The frame on the subject that was tried and dropped because nothing in it stood out
    /// (its page enclosed no shape), in the same pixels; the page then shows the whole photo.
    public var emptyFrame: PixelRectangle? = nil

    // Optional outputs (absent from the JSON unless asked for).
    /// Every page file written (`--format`), when that is not just the PNG.
    public var pages: [String]? = nil
    /// The 16-bit label map `NAME.regions.png` (`--regions`).
    public var regionMap: String? = nil
    /// One entry per paper region, in label order (`--regions`).
    public var regions: [RegionInfo]? = nil
}

extension ImageReport {
    /// A report with the current schema version and no placement, page list or region map.
    package init(input: String, page: String, format: String, originalSize: ImageSize, processedSize: ImageSize,
                 orientation: Int, preset: String, settings: LineArtSettings, fillability: FillabilityResult,
                 timingsMs: StageTimings, faces: [FaceBox], lineSource: LineSource, warnings: [String]) {
        self.input = input
        self.page = page
        self.format = format
        self.originalSize = originalSize
        self.processedSize = processedSize
        self.orientation = orientation
        self.preset = preset
        self.settings = settings
        self.fillability = fillability
        self.timingsMs = timingsMs
        self.faces = faces
        self.lineSource = lineSource
        self.warnings = warnings
    }
}
