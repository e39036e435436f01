import Foundation

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
    /// - Throws: the first ``CodecError`` or settings error of a case, naming it.
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
        for pass in 0..<(warmup + repetitions) {
            var passTime = 0.0
            for (index, item) in cases.enumerated() {
                var wall = 0.0
                let report = try timed(&wall) { () throws -> ImageReport in
                    do {
                        let (report, _) = try converters[index].render(item.input, pagePath: "page.png")
                        _ = try encodeReportJSON(report)
                        return report
                    } catch {
                        throw BenchmarkError("\(item.input.path): \(error)")
                    }
                }
                guard pass >= warmup else { continue }
                timings[index].append(report.timingsMs)
                totals[index].append(wall)
                sizes[index] = (report.originalSize, report.processedSize)
                passTime += wall
            }
            if pass >= warmup {
                passTimes.append(passTime)
                progress(pass - warmup + 1)
            }
        }

        let images = cases.indices.map { i in
            BenchmarkReport.ImageResult(
                input: cases[i].input.path, preset: cases[i].preset.name,
                originalSize: sizes[i].0, processedSize: sizes[i].1,
                stagesMs: StageStatistics(runs: timings[i], totals: totals[i]))
        }
        // Per pass, the stage times summed over all cases.
        let passSums = (0..<repetitions).map { r in cases.indices.reduce(StageTimings()) { $0 + timings[$1][r] } }
        let totalStats = StageStatistics(runs: passSums, totals: passTimes)
        let megapixels = sizes.reduce(0.0) { $0 + Double($1.0.pixelCount) / 1e6 }
        let medianPass = totalStats.total.median / 1000
        let throughput = BenchmarkReport.Throughput(
            imagesPerSecond: medianPass > 0 ? Double(cases.count) / medianPass : 0,
            megapixelsPerSecond: medianPass > 0 ? megapixels / medianPass : 0)
        return BenchmarkReport(
            repetitions: repetitions, warmup: warmup, threads: threads, images: images, totalMs: totalStats,
            throughput: throughput, peakMemoryBytes: peakResidentBytes())
    }
}

public struct BenchmarkError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
