/// The part of a whole batch one shard converts, and where each of its entries stands in the
/// whole batch, so that ``mergeShardReports(_:)`` can put the shards' reports back in order.
///
/// Every task walks the same inputs and lays out the whole batch (an output name can depend
/// on another photo's: `img.jpg` and `img.png` become `img.jpg.png` and `img.png.png`), then
/// keeps its share: photos by their path relative to the input root, unusable paths and
/// duplicate paths by the path named.
public struct ShardSelection: Sendable {
    public let shard: Shard
    /// The batch's indices of the photos, problems and duplicates of this shard, in batch order.
    public let photos: [Int]
    public let problems: [Int]
    public let duplicates: [Int]
    /// The SHA-256 of the whole batch's list of inputs, which every shard's report records.
    public let batchSha256: String
    /// Problems in the whole batch: failures list them before the photos that failed.
    private let problemCount: Int
    private let photoPaths: [String]

    public init(_ shard: Shard, of batch: InputDiscovery.Result) {
        self.shard = shard
        photos = batch.inputs.indices.filter { shard.contains(batch.inputs[$0].relativePath) }
        problems = batch.problems.indices.filter { shard.contains(batch.problems[$0].path) }
        duplicates = batch.duplicates.indices.filter { shard.contains(batch.duplicates[$0].path) }
        batchSha256 = batch.listSha256
        problemCount = batch.problems.count
        photoPaths = batch.inputs.map(\.path)
    }

    /// The walk's result cut to this shard.
    public func discovery(of batch: InputDiscovery.Result) -> InputDiscovery.Result {
        InputDiscovery.Result(inputs: photos.map { batch.inputs[$0] }, problems: problems.map { batch.problems[$0] },
                              duplicates: duplicates.map { batch.duplicates[$0] })
    }

    /// The whole batch's layout cut to this shard's photos (the other photos stay protected).
    public func layout(of batch: OutputLayout) -> OutputLayout {
        var layout = batch.keeping(photos)
        layout.reportName = shard.reportName
        return layout
    }

    /// Where each entry of `summary` (this shard's report) stands in the whole batch.
    public func part(of summary: BatchSummary) -> BatchSummary.ShardPart {
        var photoIndex: [String: Int] = [:]
        for index in photos { photoIndex[photoPaths[index]] = index }
        // A page kept from an earlier run named under another path stays next to the one before.
        var last = 0
        func position(_ input: String) -> Int {
            last = photoIndex[input] ?? last
            return last
        }
        let pages = summary.pages.map { position($0.input) }
        last = 0
        let failures = problems + summary.failures.dropFirst(problems.count).map { problemCount + position($0.input) }
        last = 0
        let skipped = summary.skipped.map(position)
        last = 0
        let upToDate = summary.upToDate.map(position)
        last = 0
        let notStarted = summary.notStarted.map(position)
        return BatchSummary.ShardPart(number: shard.number, count: shard.count, batchSha256: batchSha256, positions: .init(
            pages: pages, failures: failures, skipped: skipped, upToDate: upToDate, notStarted: notStarted,
            duplicates: duplicates))
    }
}

extension OutputLayout {
    /// The layout of the photos at `indices` only, with the stems they have in the whole batch.
    func keeping(_ indices: [Int]) -> OutputLayout {
        OutputLayout(root: root, stems: indices.map { stems[$0] }, inputPhotos: inputPhotos, reportName: reportName)
    }
}
