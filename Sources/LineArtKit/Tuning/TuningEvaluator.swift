import FoundationEssentials

/// Runs the pipeline for every (settings, photo) pair of a tuning run.
///
/// Each photo is decoded once per distinct `maxDimension` among the candidates (shrink-on-
/// load depends on it) and the decoded pixels are shared by every candidate with that
/// size. The pipeline runs are spread over `jobs` worker threads with ``runInParallel``;
/// results do not depend on the number of jobs.
public struct TuningEvaluator: Sendable {
    public var base: LineArtPreset
    public var inputs: [BatchInput]
    public var jobs: Int

    public init(base: LineArtPreset, inputs: [BatchInput], jobs: Int) {
        self.base = base
        self.inputs = inputs
        self.jobs = max(1, jobs)
    }

    /// Photos that could not be decoded, with the reason (they are left out of the evaluation).
    public struct DecodeFailure: Sendable, Equatable {
        public var input: String
        public var reason: String
    }

    /// Decodes the photos at each long side (``LineArtPipeline/decodeLongSide(for:)`` of the
    /// settings to evaluate); photos failing at any size are dropped everywhere.
    public func decodeAll(longSides: [Int]) -> (photos: [Int: [ByteImage]], used: [BatchInput], failures: [DecodeFailure]) {
        let sizes = Array(Set(longSides)).sorted()
        let pairs = sizes.flatMap { size in inputs.indices.map { (size, $0) } }
        let decoded = runInParallel(count: pairs.count, jobs: jobs) { i -> Result<ByteImage, CodecError> in
            let (size, index) = pairs[i]
            return Result { () throws(CodecError) -> ByteImage in
                try decodeImage(atPath: inputs[index].path, options: DecodeOptions(targetMaxDimension: size)).image
            }
        }
        var failed: [Int: String] = [:]
        for (i, result) in decoded.enumerated() {
            if case .failure(let error)? = result, failed[pairs[i].1] == nil { failed[pairs[i].1] = error.description }
        }
        let keep = inputs.indices.filter { failed[$0] == nil }
        var photos: [Int: [ByteImage]] = [:]
        for size in sizes {
            photos[size] = keep.map { index in
                let i = sizes.firstIndex(of: size)! * inputs.count + index
                if case .success(let image)? = decoded[i] { return image }
                preconditionFailure("kept photo was not decoded")
            }
        }
        let failures = failed.keys.sorted().map { DecodeFailure(input: inputs[$0].path, reason: failed[$0]!) }
        return (photos, keep.map { inputs[$0] }, failures)
    }

    /// Evaluates every candidate on every photo that decodes.
    /// `progress(done, total)` is called after each pipeline run, serialised. Once
    /// `isCancelled` says so no run starts; the candidates whose runs all finished are returned.
    public func evaluate(_ candidates: [LineArtSettings],
                         isCancelled: @escaping @Sendable () -> Bool = { false },
                         progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        throws(SettingsError) -> (evaluations: [TuningEvaluation], failures: [DecodeFailure]) {
        let decoded = decodeAll(longSides: candidates.map(LineArtPipeline.decodeLongSide(for:)))
        return (try evaluate(candidates, photos: decoded.photos, used: decoded.used, isCancelled: isCancelled,
                             progress: progress), decoded.failures)
    }

    /// Evaluates every candidate on photos already decoded by ``decodeAll(longSides:)``
    /// (which must cover every candidate's decode size), so a search that runs in rounds
    /// decodes each photo once per size.
    public func evaluate(_ candidates: [LineArtSettings], photos: [Int: [ByteImage]], used: [BatchInput],
                         isCancelled: @escaping @Sendable () -> Bool = { false },
                         progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        throws(SettingsError) -> [TuningEvaluation] {
        let pipelines = try candidates.map { settings throws(SettingsError) -> LineArtPipeline in
            var preset = base
            preset.settings = settings
            return try LineArtPipeline(preset: preset)
        }
        let longSides = candidates.map(LineArtPipeline.decodeLongSide(for:))
        let perCandidate = used.count
        let total = candidates.count * perCandidate
        let counter = ProgressCounter()
        let results = runInParallel(count: total, jobs: jobs, isCancelled: isCancelled, work: { i -> PhotoMetrics in
            let c = i / perCandidate, p = i % perCandidate
            let image = photos[longSides[c]]![p]
            let result = pipelines[c].run(image)
            return PhotoMetrics(input: used[p].path, result.fillability)
        }, onFinish: { _, _ in progress(counter.increment(), total) })
        // A candidate with a run that never started (cancelled) is left out whole.
        return candidates.indices.compactMap { c in
            let photos = (0..<perCandidate).compactMap { results[c * perCandidate + $0] }
            guard photos.count == perCandidate else { return nil }
            return TuningEvaluation(index: c, settings: candidates[c], base: base.settings, photos: photos)
        }
    }

    /// The page of each photo under `settings` (for the report of the top combinations).
    public func pages(for settings: LineArtSettings, photos: [ByteImage]) throws(SettingsError) -> [ByteImage] {
        var preset = base
        preset.settings = settings
        let pipeline = try LineArtPipeline(preset: preset)
        return runInParallel(count: photos.count, jobs: jobs) { pipeline.run(photos[$0]).lineArt }.map { $0! }
    }
}

private final class ProgressCounter: @unchecked Sendable {
    private let lock = MutexLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
