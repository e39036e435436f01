import ArgumentParser
import FoundationEssentials
import Glibc
import LineArtKit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time every stage of the conversion on sample photos.",
        discussion: """
            Converts each photo in memory as convert does and prints the median, p90, min and max of each stage, the throughput and the peak memory. Without --preset, photos in SAMPLES/manifest.json use its presets; --preset all times every built-in preset.

            Exit status: 0 done, 1 some photo could not be decoded (left out), 2 usage error. A sample path that does not exist (or cannot be read) is a usage error when none of the named paths can be used.

            Examples:
              lineart bench SampleImages --repeat 10
              lineart bench SampleImages --preset all --repeat 3 --warmup 0

            More (passes, presets, noisy timings): docs/bench.md
            """
    )

    @Argument(help: ArgumentHelp("A folder of sample photos (or photo files).", valueName: "samples"))
    var samples: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "A built-in preset, a preset .json file, or 'all' for every built-in preset (default: the manifest's, else portrait).",
        valueName: "name|file|all"))
    var preset: String?

    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Override one setting of the preset(s), e.g. --set denoise=0 (repeatable).", valueName: "key=value"))
    var overrides: [String] = []

    // A number option takes the next argument whatever it looks like (parsing: .unconditional),
    // so a negative value (`--repeat -5`) reaches the range check in validate() instead of being
    // read as an option named '-5'.
    @Option(name: .long, parsing: .unconditional, help: "Recorded passes over all photos.")
    var `repeat`: Int = 5

    @Option(name: .long, parsing: .unconditional, help: "Unrecorded passes before the recorded ones.")
    var warmup: Int = 1

    @Option(name: .long, parsing: .unconditional, help: "Threads each photo's row-parallel steps (resize, Lab, Kuwahara) may use (at most four per core).")
    var threads: Int = 1

    @Flag(name: .long, help: "Print the results as JSON on stdout instead of a table.")
    var json = false

    func validate() throws {
        if samples.isEmpty {
            throw ValidationError("no samples: name a folder of photos, e.g. 'lineart bench SampleImages'")
        }
        if `repeat` < 1 { throw ValidationError("--repeat must be at least 1") }
        if `repeat` > Self.maxPasses { throw ValidationError("--repeat must be at most \(Self.maxPasses)") }
        if warmup < 0 { throw ValidationError("--warmup must be 0 or more") }
        if warmup > Self.maxPasses { throw ValidationError("--warmup must be at most \(Self.maxPasses)") }
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    /// The most --repeat and --warmup passes (so their sum cannot overflow).
    static let maxPasses = 1_000_000

    func run() throws {
        let discovery = InputDiscovery().discover(samples)
        try requireSomeNamedInput(discovery, named: samples)
        for problem in discovery.problems + discovery.passedOver { writeError("lineart: \(problem.path): \(problem.reason)\n") }
        for duplicate in discovery.duplicates { writeError("lineart: \(duplicate.note)\n") }
        guard !discovery.inputs.isEmpty else {
            throw ValidationError("\(noPhotosFound(in: samples)): bench needs sample photos to time")
        }
        let cases = try makeCases(discovery.inputs)
        var runner = BenchmarkRunner(cases: cases, repetitions: `repeat`, warmup: warmup)
        runner.threads = limitedToFourPerCore(threads, option: "--threads")
        let report: BenchmarkReport
        let onTerminal = isatty(STDERR_FILENO) == 1
        do {
            report = try runner.run { pass in
                // A redrawn counter on a terminal, one line per pass elsewhere.
                if !json { writeError(onTerminal ? "\rpass \(pass)/\(`repeat`)" : "pass \(pass)/\(`repeat`)\n") }
            }
        } catch {
            writeError("\nlineart: \(error)\n")
            throw ExitCode(ExitStatus.someFailed)
        }
        if json {
            writeOutput(try encodeReportJSON(report))
        } else {
            if onTerminal { writeError("\n") }
            print(report.table, terminator: "")
        }
        // A photo that could not be converted was left out of the timing (the runner's
        // leftOut), so one bad file in a sample folder does not stop the others.
        for item in report.leftOut { writeError("lineart: \(item.input): \(item.reason), left out\n") }
        if !report.leftOut.isEmpty || !discovery.problems.isEmpty { throw ExitCode(ExitStatus.someFailed) }
    }

    /// The (photo, preset) pairs to time.
    private func makeCases(_ inputs: [BatchInput]) throws -> [BenchmarkCase] {
        if preset == "all" {
            let presets = try BuiltinPresets.names.map { try resolve($0) }
            return presets.flatMap { preset in inputs.map { BenchmarkCase(input: $0, preset: preset) } }
        }
        if let preset {
            let resolved = try resolve(preset)
            return inputs.map { BenchmarkCase(input: $0, preset: resolved) }
        }
        // The manifest is read as 'convert --manifest' reads it: preset files relative to
        // it, and its errors (a broken manifest, an unknown preset) said, not passed over.
        let manifest = samples.count == 1 ? try manifestNear(samples[0]) : nil
        var byReference: [String: LineArtPreset] = [:]
        return try inputs.map { input in
            let listed = manifest.flatMap { $0.contents.presetReference(forPath: input.path) }
            let reference = listed ?? "portrait"
            if byReference[reference] == nil {
                let label = listed == nil ? nil : manifest.map { "\($0.path): the preset of \(input.path)" }
                byReference[reference] = try resolve(reference, namedBy: label)
            }
            return BenchmarkCase(input: input, preset: byReference[reference]!)
        }
    }

    /// The manifest.json in the samples folder (or beside the sample photo), if there is one.
    /// - Throws: `ValidationError` naming the manifest when it cannot be read.
    private func manifestNear(_ sample: String) throws -> (path: String, contents: SampleManifest)? {
        var isDirectory = false
        let folder = FileManager.default.fileExists(atPath: sample, isDirectory: &isDirectory) && isDirectory
            ? sample : PathString.deletingLastComponent(sample)
        let path = PathString.appending("manifest.json", to: folder)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return (path, try SampleManifest.load(path: path))
        } catch {
            throw ValidationError("\(error) (or give --preset)")
        }
    }

    private func resolve(_ name: String, namedBy label: String? = nil) throws -> LineArtPreset {
        var options = PresetOptions<PortraitByDefault>()
        options.overrides = overrides
        options.frame = nil
        return try options.resolve(name, namedBy: label)
    }
}
