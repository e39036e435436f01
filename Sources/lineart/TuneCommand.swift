import ArgumentParser
import FoundationEssentials
import Glibc
import LineArtKit

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Search for the settings whose pages pass most often on sample photos.",
        discussion: """
            Evaluates combinations of settings, starting from --preset, on every photo of SAMPLES (a --grid, or a random or coordinate search) and writes the best as a preset, with evaluations.json and report.html, to --output.

            Exit status: 0 done, 1 some samples left out, 2 usage error, 130 interrupted (what was evaluated is still written). A sample path that does not exist (or cannot be read) is a usage error when none of the named paths can be used.

            Examples:
              lineart tune SampleImages --preset portrait --grid thickness=2,3,4 --output tuned
              lineart tune SampleImages --preset object --search coordinate --budget 60 --output tuned
              lineart convert photos --output pages --preset tuned/portrait-tuned.json

            More (the searches, the outputs, Ctrl-C): docs/tune.md
            """
    )

    @Argument(help: ArgumentHelp("A folder of sample photos (or photo files).", valueName: "samples"))
    var samples: [String] = []

    @OptionGroup var presetOptions: PresetOptions<PortraitByDefault>

    @Option(name: .customLong("grid"), help: ArgumentHelp(
        "Values to try for one setting, e.g. --grid thickness=2,3,4 (repeatable; the combinations are their product).",
        valueName: "key=v1,v2,..."))
    var grid: [String] = []

    // A number option takes the next argument whatever it looks like (parsing: .unconditional),
    // so a negative value (`--budget -5`) reaches the range check in validate() instead of being
    // read as an option named '-5'.
    @Option(name: .long, parsing: .unconditional, help: "Most combinations to evaluate, at most 100000 (a grid with more is refused).")
    var budget: Int = 24

    @Option(name: .long, parsing: .unconditional, help: "Seed of the random search; the same seed gives the same combinations.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("How to search without a grid: random or coordinate.", valueName: "random|coordinate"))
    var search: String = "random"

    @Option(name: [.short, .long], help: ArgumentHelp("Folder for the tuned preset, evaluations.json and report.html.", valueName: "dir"))
    var output: String?

    @Option(name: .long, parsing: .unconditional, help: "Combinations shown side by side in report.html, with their pages.")
    var top: Int = 3

    @Option(name: .long, parsing: .unconditional, help: "Pipeline runs at once (default: the number of cores; at most four per core).")
    var jobs: Int?

    @Flag(name: [.short, .long], help: "Print no progress (on a terminal a counter; in a log a line each time the search passes a tenth of the way).")
    var quiet = false

    func validate() throws {
        if samples.isEmpty {
            throw ValidationError("no samples: name a folder of photos, e.g. 'lineart tune SampleImages --preset portrait --output tuned'")
        }
        if output == nil { throw ValidationError("missing --output DIR: the folder for the tuned preset and the report") }
        if output?.isEmpty == true {
            throw ValidationError("--output is empty: name a folder for the tuned preset and the report, e.g. --output tuned")
        }
        if budget < 1 { throw ValidationError("--budget must be at least 1") }
        // Random search draws its candidates up front, so a budget beyond any run's reach
        // would only fill memory (or overflow) before the first evaluation.
        if budget > Self.maxBudget { throw ValidationError("--budget must be at most \(Self.maxBudget)") }
        if top < 1 { throw ValidationError("--top must be at least 1") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if !["random", "coordinate"].contains(search) {
            throw ValidationError("--search \(search): expected random or coordinate")
        }
        if search == "coordinate" && !grid.isEmpty {
            throw ValidationError("--search coordinate searches without a grid; drop the --grid options or the --search")
        }
        let axes = try parseAxes()
        if Set(axes.map(\.key)).count != axes.count {
            throw ValidationError("--grid names a setting twice; list all its values in one --grid key=v1,v2")
        }
        let combinations = combinationCount(axes)
        if combinations > budget {
            throw ValidationError("the grid has \(combinations) combinations, more than --budget \(budget); raise --budget or list fewer values")
        }
    }

    /// The largest --budget: days of pipeline runs on a single photo.
    static let maxBudget = 100_000

    private func parseAxes() throws -> [GridAxis] {
        var axes: [GridAxis] = []
        for text in grid {
            do {
                axes.append(try GridAxis.parse(text))
            } catch {
                throw ValidationError("--grid \(text): \(error.description)")
            }
        }
        return axes
    }

    func run() throws {
        let base = try presetOptions.resolve()
        let axes = try parseAxes()
        let outputRoot = output ?? "."
        let discovery = InputDiscovery(excluding: [outputRoot]).discover(samples)
        try requireSomeNamedInput(discovery, named: samples)
        for problem in discovery.problems + discovery.passedOver { writeError("lineart: \(problem.path): \(problem.reason)\n") }
        if !quiet { for duplicate in discovery.duplicates { writeError("lineart: \(duplicate.note)\n") } }
        guard !discovery.inputs.isEmpty else {
            throw ValidationError("\(noPhotosFound(in: samples)): tune needs sample photos to evaluate settings on")
        }

        // Before the search, which can take minutes: its results must have somewhere to go.
        let createdFolders = try makeWritableOutputFolder(outputRoot)
        // A run that ends before writing anything (Ctrl-C before the first evaluation, no photo
        // decoded, an error) leaves no empty folder of its own; a folder with files stays.
        defer { createdFolders.removeIfEmpty() }
        let quiet = self.quiet
        let jobs = limitedToFourPerCore(self.jobs ?? ProcessInfo.processInfo.activeProcessorCount, option: "--jobs", quiet: quiet)
        let evaluator = TuningEvaluator(base: base, inputs: discovery.inputs, jobs: jobs)
        // A counter redrawn in place on a terminal; elsewhere (a log, CI) a line each time
        // the count passes a tenth of the way (ProgressLogLines), since "\r" would run them
        // all into one line.
        let onTerminal = isatty(STDERR_FILENO) == 1
        let logLines = ProgressLogLines()
        @Sendable func progress(_ done: Int, of total: Int, _ what: String) {
            guard !quiet else { return }
            if onTerminal {
                writeError("\r\(done)/\(total) \(what)")
            } else if let line = logLines.line(done, of: total, what) {
                writeError(line + "\n")
            }
        }
        let method = axes.isEmpty ? search : "grid"
        // Ctrl-C ends the search: the runs in progress finish, and what was evaluated is
        // ranked and written as usual (exit status 130).
        let interrupt = InterruptFlag(stopping: "the pipeline runs in progress; the combinations evaluated so far are written")
        let isCancelled: @Sendable () -> Bool = { interrupt.isRaised }
        let outcome: (evaluations: [TuningEvaluation], failures: [TuningEvaluator.DecodeFailure])
        do {
            let tuning = TuningSearch(evaluator: evaluator, method: TuningSearch.Method(rawValue: method)!, axes: axes,
                                      budget: budget, seed: seed)
            if !quiet { writeError(try tuning.plan(photos: discovery.inputs.count, jobs: jobs) + "\n") }
            outcome = try tuning.run(isCancelled: isCancelled) { done, total, unit in
                // Pipeline runs come one at a time: on a terminal, redraw every 16th.
                if unit != .pipelineRuns || !onTerminal || done % 16 == 0 || done == total {
                    progress(done, of: total, unit.rawValue)
                }
            }
        } catch {
            // The search's only failure: a setting out of range (SettingsError).
            throw ValidationError(error.description)
        }
        let (evaluations, failures) = outcome
        if !quiet && onTerminal { writeError("\n") }
        if !quiet && !onTerminal, let line = logLines.closingLine() { writeError(line + "\n") }
        for failure in failures { writeError("lineart: \(failure.input): \(failure.reason) (left out)\n") }
        let failedInputs = Set(failures.map(\.input))
        let used = discovery.inputs.filter { !failedInputs.contains($0.path) }
        guard !used.isEmpty else {
            writeError("lineart: no photo could be decoded\n")
            throw ExitCode(ExitStatus.someFailed)
        }
        if interrupt.isRaised {
            guard !evaluations.isEmpty else {
                writeError("lineart: interrupted before any combination was evaluated; nothing written\n")
                throw ExitCode(ExitStatus.interrupted)
            }
            writeError("lineart: interrupted: ranking the \(evaluations.count) combinations evaluated\n")
        }

        let results = TuningResults(base: base, photos: used,
                                    skippedPhotos: discovery.problems.map(\.path) + failures.map(\.input),
                                    evaluations: evaluations, search: method, seed: seed, budget: budget)
        let best = results.ranked[0]
        let tunedPath = try results.write(to: outputRoot, top: top, jobs: jobs) { writeError("lineart: note: \($0)\n") }

        print(String(cFormat: "best: evaluation #%ld, pass rate %.0f%%, mean score %.3f", best.index, best.passRate * 100,
                     best.meanScore) + (best.changes.isEmpty ? " (the base preset)" : ": " + best.changes.joined(separator: " ")))
        print("wrote \(tunedPath), evaluations.json and report.html in \(outputRoot)")
        if interrupt.isRaised { throw ExitCode(ExitStatus.interrupted) }
        // Samples that could not be read or decoded were left out: some files failed.
        if !failures.isEmpty || !discovery.problems.isEmpty { throw ExitCode(ExitStatus.someFailed) }
    }
}
