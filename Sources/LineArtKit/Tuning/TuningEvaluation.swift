/// The fillability of one photo's page under one combination of settings.
public struct PhotoMetrics: Sendable, Equatable, Codable {
    public var input: String
    public var passes: Bool
    public var score: Double
    public var regionCount: Int
    public var closureRate: Double
    public var leakPotential: Double
    public var tapUsability: Double
    public var inkFraction: Double

    public init(input: String, _ r: FillabilityResult) {
        self.input = input
        passes = r.passes
        score = r.score
        regionCount = r.regionCount
        closureRate = r.closureRate
        leakPotential = r.leakPotential
        tapUsability = r.tapUsability
        inkFraction = r.inkFraction
    }

    public init(input: String, passes: Bool, score: Double, regionCount: Int = 0, closureRate: Double = 0,
                leakPotential: Double = 0, tapUsability: Double = 0, inkFraction: Double = 0) {
        self.input = input
        self.passes = passes
        self.score = score
        self.regionCount = regionCount
        self.closureRate = closureRate
        self.leakPotential = leakPotential
        self.tapUsability = tapUsability
        self.inkFraction = inkFraction
    }
}

/// One combination of settings evaluated on every sample photo.
public struct TuningEvaluation: Sendable, Equatable, Encodable {
    /// Position in the evaluation order (0 = first candidate; the base preset in random search).
    public var index: Int
    public var settings: LineArtSettings
    /// The settings that differ from the base preset, as `key=value` in spec order.
    public var changes: [String]
    public var photos: [PhotoMetrics]
    /// Photos that pass / photos evaluated.
    public var passRate: Double
    public var meanScore: Double

    public init(index: Int, settings: LineArtSettings, base: LineArtSettings, photos: [PhotoMetrics]) {
        self.index = index
        self.settings = settings
        changes = LineArtSettings.specs.compactMap { spec in
            let v = spec.value(in: settings)
            return v == spec.value(in: base) ? nil : "\(spec.name)=\(v)"
        }
        self.photos = photos
        passRate = photos.isEmpty ? 0 : Double(photos.filter(\.passes).count) / Double(photos.count)
        meanScore = photos.isEmpty ? 0 : photos.map(\.score).reduce(0, +) / Double(photos.count)
    }
}
