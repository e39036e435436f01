extension InputDiscovery.Result {
    /// SHA-256 of the batch's list of inputs, in batch order: every photo's path as named and
    /// its path under the input root, then every unusable path and every duplicate path.
    ///
    /// Every task of a sharded batch works this list out before taking its share, so shards
    /// whose digests differ were run over different batches: other inputs or `--files-from`
    /// lists, or input folders whose photos changed between the tasks.
    public var listSha256: String {
        var bytes: [UInt8] = []
        // A kind, then the path, each ended by a NUL, which no file path holds: two different
        // lists never spell the same bytes.
        func add(_ kind: String, _ path: String) { bytes += Array(kind.utf8) + [0] + Array(path.utf8) + [0] }
        for input in inputs {
            add("photo", input.path)
            add("under root", input.relativePath)
        }
        for problem in problems { add("unusable", problem.path) }
        for duplicate in duplicates { add("duplicate", duplicate.path) }
        return sha256Hex(bytes)
    }
}
