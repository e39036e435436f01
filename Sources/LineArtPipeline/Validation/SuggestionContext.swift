import LineArtAlgorithms

/// The pipeline settings that produced a page, as far as fillability suggestions need
/// them: the settings themselves (their ranges are those of ``LineArtSettings/specs``, so a
/// suggestion never leaves them), the one fact the pipeline derives from them, and, for a
/// page just made by the regions engine, the count its boundaries give at lower contrasts.
public struct SuggestionContext: Sendable, Equatable {
    /// The settings the page was made with.
    public var settings: LineArtSettings
    /// Whether the page's lines are the boundaries of a segmentation (the regions engine):
    /// its regions are closed by construction and its lines are not closed again, so gap
    /// closing and thicker lines cannot shrink the regions at the corners or close more of them.
    public var segmentBoundaries: Bool
    /// The cap on the regions engine's count (the `regionTarget` setting) on a
    /// segmentation's page; 0 when there is none, and the count is the photo's.
    public var regionTarget: Int { segmentBoundaries ? settings.regionTarget : 0 }
    /// The regions the engine's hierarchy leaves at lower contrasts; nil when the page is
    /// judged from its files (`lineart validate`) or was not drawn by the regions engine.
    package var countCurve: RegionCountCurve?

    public init(settings: LineArtSettings, segmentBoundaries: Bool = false) {
        self.settings = settings
        self.segmentBoundaries = segmentBoundaries
    }
}
