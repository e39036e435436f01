/// What `lineart validate --json` prints.
public struct ValidationReport: Sendable, Encodable {
    public static let currentSchemaVersion = 1
    public var schemaVersion: Int
    public var preset: String
    public var pages: [PageValidation]

    public init(schemaVersion: Int, preset: String, pages: [PageValidation]) {
        self.schemaVersion = schemaVersion
        self.preset = preset
        self.pages = pages
    }
}

/// One page's fillability, or why it could not be read.
public struct PageValidation: Sendable, Encodable {
    public var input: String
    public var fillability: FillabilityResult?
    public var error: String?
    /// ``lineArtWarnings(_:)`` about the image (empty for a page that reads as line art).
    public var warnings: [String]
    /// The report `convert` wrote for the page, when it came from this tool: its drawing was
    /// measured at the working size and its suggestions are about the report's settings.
    public var report: String?

    public init(input: String, fillability: FillabilityResult?, error: String?, warnings: [String] = [],
                report: String? = nil) {
        self.input = input
        self.fillability = fillability
        self.error = error
        self.warnings = warnings
        self.report = report
    }
}
