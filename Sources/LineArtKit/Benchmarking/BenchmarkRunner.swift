import FoundationEssentials

/// One photo and the preset it is benchmarked with.
public struct BenchmarkCase: Sendable {
    public var input: BatchInput
    public var preset: LineArtPreset

    public init(input: BatchInput, preset: LineArtPreset) {
        self.input = input
        self.preset = preset
    }
}

/// Times the whole conversion of each case, stage by stage, on the calling thread.
///
/// Each case is converted exactly as `lineart convert` does (shrink-on-load decode,
/// pipeline, 1-bit PNG, JSON report), in memory: nothing is written, so the disk does not
/// add noise. Every pass converts all cases once in order; `warmup` passes run first and
/// are discarded (they fill caches and page in the code), then `repetitions` passes are
/// recorded. Cases run one after the other so the figures are per-core times. With
/// `threads >= 2`, preprocessing starts during a JPEG's decode (see ``StageTimings`` for
/// what `decode` and `preprocess` then measure).
public struct BenchmarkRunner: Sendable {
    public var cases: [BenchmarkCase]
    public var repetitions: Int
    public var warmup: Int
    /// Threads each photo's row-parallel steps may use (``LineArtPipeline/threads``).
    public var threads = 1

    public init(cases: [BenchmarkCase], repetitions: Int, warmup: Int) {
        precondition(repetitions >= 1 && warmup >= 0, "repetitions >= 1, warmup >= 0")
        self.cases = cases
        self.repetitions = repetitions
        self.warmup = warmup
    }

    /// Runs the benchmark. `progress` is called after each recorded pass (1-based).
    ///
    /// A case whose first conversion fails is left out of every pass and named in the
    /// report's `leftOut`; the others are timed as if it were not there.
    /// - Throws: a settings error of a case; a ``BenchmarkError`` when every case fails, or
    ///   when a case that converted once fails later.
    public func run(progress: (Int) -> Void = { _ in }) throws -> BenchmarkReport {
        let converters = try cases.map { item in
            var converter = try PhotoConverter(preset: item.preset)
            converter.threads = threads
            return converter
        }
        var timings = Array(repeating: [StageTimings](), count: cases.count)
        var totals = Array(repeating: [Double](), count: cases.count)
        var sizes = Array(repeating: (ImageSize(width: 0, height: 0), ImageSize(width: 0, height: 0)), count: cases.count)
        var passTimes: [Double] = []
        var leftOut: [BenchmarkReport.LeftOut] = []
        var failed = Set<Int>()
        var kept = Array(cases.indices)
        for pass in 0..<(warmup + repetitions) {
            var passTime = 0.0
            for index in kept {
                let item = cases[index]
                var wall = 0.0
                let report: ImageReport
                do {
                    report = try timed(&wall) { () throws -> ImageReport in
                        let (report, _) = try converters[index].render(item.input, pagePath: "page.png")
                        _ = try encodeReportJSON(report)
                        return report
                    }
                } catch {
                    guard pass == 0 else { throw BenchmarkError("\(item.input.path): \(error)") }
                    leftOut.append(BenchmarkReport.LeftOut(input: item.input.path, reason: "\(error)"))
                    failed.insert(index)
                    continue
                }
                guard pass >= warmup else { continue }
                timings[index].append(report.timingsMs)
                totals[index].append(wall)
                sizes[index] = (report.originalSize, report.processedSize)
                passTime += wall
            }
            if pass == 0 {
                kept.removeAll { failed.contains($0) }
                if kept.isEmpty {
                    throw BenchmarkError("no photo could be converted: "
                                         + leftOut.map { "\($0.input): \($0.reason)" }.joined(separator: "; "))
                }
            }
            if pass >= warmup {
                passTimes.append(passTime)
                progress(pass - warmup + 1)
            }
        }

        let images = kept.map { i in
            BenchmarkReport.ImageResult(
                input: cases[i].input.path, preset: cases[i].preset.name,
                originalSize: sizes[i].0, processedSize: sizes[i].1,
                stagesMs: StageStatistics(runs: timings[i], totals: totals[i]))
        }
        // Per pass, the stage times summed over the cases timed.
        let passSums = (0..<repetitions).map { r in kept.reduce(StageTimings()) { $0 + timings[$1][r] } }
        let totalStats = StageStatistics(runs: passSums, totals: passTimes)
        let megapixels = sizes.reduce(0.0) { $0 + Double($1.0.pixelCount) / 1e6 }
        let medianPass = totalStats.total.median / 1000
        let throughput = BenchmarkReport.Throughput(
            imagesPerSecond: medianPass > 0 ? Double(kept.count) / medianPass : 0,
            megapixelsPerSecond: medianPass > 0 ? megapixels / medianPass : 0)
        var report = BenchmarkReport(
            repetitions: repetitions, warmup: warmup, threads: threads, images: images, totalMs: totalStats,
            throughput: throughput, peakMemoryBytes: peakResidentBytes())
        report.leftOut = leftOut
        return report
    }
}

public struct BenchmarkError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
