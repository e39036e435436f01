extension BatchSummary {
    /// What a shard's report adds to a batch report: which shard it is, of which batch, and
    /// the position in the whole batch of each entry of its `pages`, `failures`, `skipped`,
    /// `upToDate`, `notStarted` and `duplicates` (same order, same length), so the merged
    /// report lists them as one run would.
    public struct ShardPart: Sendable, Codable, Equatable {
        /// From 1 to `count`.
        public var number: Int
        public var count: Int
        /// The SHA-256 of the whole batch's list of inputs (``InputDiscovery/Result/listSha256``):
        /// shards of one batch record the same.
        public var batchSha256: String
        public var positions: Positions

        public struct Positions: Sendable, Codable, Equatable {
            public var pages: [Int]
            /// Unusable paths first (their index among them), then photos (after all of those).
            public var failures: [Int]
            public var skipped: [Int]
            public var upToDate: [Int]
            public var notStarted: [Int]
            public var duplicates: [Int]
        }
    }
}
