/// `evaluations.json` of a tuning run: every evaluation in evaluation order, plus the ranking.
public struct TuningSummary: Sendable, Encodable {
    public static let currentSchemaVersion = 1

    public var schemaVersion = TuningSummary.currentSchemaVersion
    public var basePreset: String
    /// The seed of the random search (also recorded for grid runs, where it is unused).
    public var seed: UInt64
    public var budget: Int
    /// "grid", "random" or "coordinate".
    public var search: String
    public var photos: [String]
    /// Samples left out because they could not be read (a broken link, a path that does not
    /// exist) or decoded.
    public var skippedPhotos: [String]
    /// Evaluation indices, best first.
    public var ranking: [Int]
    public var evaluations: [TuningEvaluation]

    public init(basePreset: String, seed: UInt64, budget: Int, search: String, photos: [String],
                skippedPhotos: [String], evaluations: [TuningEvaluation]) {
        self.basePreset = basePreset
        self.seed = seed
        self.budget = budget
        self.search = search
        self.photos = photos
        self.skippedPhotos = skippedPhotos
        self.evaluations = evaluations
        ranking = rankEvaluations(evaluations).map(\.index)
    }
}
