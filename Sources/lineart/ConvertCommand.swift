import ArgumentParser
import FoundationEssentials
import LineArtKit

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert photos and folders of photos into coloring pages.",
        discussion: """
            Folders are walked recursively. For each photo NAME you get NAME.png (the page, on the locale's paper at 300 dpi: Letter in the US and Canada, else A4) and NAME.json (its fillability report); OUTPUT/report.json sums up the batch. A photo that cannot be converted is reported and the batch goes on. One photo can go to one file: -o NAME.png|.svg|.pdf, -o - (stdout), or NAME.page.png here without -o; - reads a photo from stdin.

            A photo whose outputs are complete and made from it with the same settings is up to date and left (not a failure); others are converted again (report.json says why).

            Exit status: 0 all converted, 1 some failed, 2 usage error (also: the output folder cannot be written, or another run is writing into it), 130 interrupted. A path that does not exist (or cannot be read) is a usage error when none of the named paths can be used.

            Examples:
              lineart convert SampleImages --output pages
              lineart convert cat.jpg -o cat-page.png   # one photo, one file
              lineart convert holiday/ --output pages --preset landscape --set thickness=3
              lineart convert photos --output pages   # again: converts only what changed
              lineart convert photos -o pages --format svg,pdf --page a4 --booklet book.pdf
              lineart convert photos -o pages --regions     # + NAME.regions.png

            More (faces, drawings, how auto picks, existing files, booklets, exit status): docs/convert.md; shards for Kubernetes, Slurm or GNU parallel: docs/scale-out.md
            """
    )

    @Argument(help: ArgumentHelp("Photos and folders of photos.", valueName: "input"))
    var inputs: [String] = []

    @Option(name: [.short, .long], help: ArgumentHelp(
        "Folder for the pages and reports (created if missing). With one photo: a page file NAME.png|.svg|.pdf, or - for standard output (default: NAME.page.png here).",
        valueName: "dir|file"))
    var output: String?

    @Flag(name: .long, help: "With one photo written to a page file: also write its report, NAME.json beside it (a folder always gets reports).")
    var report = false

    @OptionGroup var presetOptions: PresetOptions<AutoByDefault>

    @OptionGroup(title: "Page output") var pageOptions: PageOutputOptions

    @Option(name: .long, help: ArgumentHelp(
        "A manifest naming the preset of each photo it lists (e.g. SampleImages/manifest.json); other photos use --preset.",
        valueName: "file"))
    var manifest: String?

    // A number option takes the next argument whatever it looks like (parsing: .unconditional),
    // so a negative value (`--jobs -5`) reaches the range check in validate() instead of being
    // read as an option named '-5'.
    @Option(name: .long, parsing: .unconditional, help: "Cores to use: photos converted at once; with fewer photos than jobs, and for the last photos of a batch, one photo's work is split (default: the number of cores; at most four per core).")
    var jobs: Int?

    @Flag(name: .long, help: "Leave every photo whose outputs are complete, even if made with other settings; convert the rest. (By default, outputs made from the same photo with the same settings are left and the rest converted again.) --booklet, --contact-sheet and report.json are rewritten for the whole batch.")
    var skipExisting = false

    @Flag(name: .long, help: "Convert every photo again, replacing its outputs, and an existing --booklet or --contact-sheet; never an input photo.")
    var overwrite = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Refuse images with more pixels than this, before decoding them.", valueName: "megapixels"))
    var maxMegapixels: Int = 100

    @Flag(name: .long, help: "If another run is writing into the output folder, wait for it to finish (without: exit 2 at once).")
    var wait = false

    @OptionGroup(title: "Scale-out") var shardOptions: ShardOptions

    @Flag(name: [.short, .long], help: "Print no progress (failures and damaged photos are still reported on stderr).")
    var quiet = false

    @Flag(name: .long, help: "Print the batch summary as JSON on stdout.")
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        "Also write an HTML contact sheet: each photo beside its page with its fillability metrics (an existing file only with --overwrite or --skip-existing).",
        valueName: "file.html"))
    var contactSheet: String?

    func validate() throws {
        if inputs.isEmpty && shardOptions.filesFrom == nil {
            throw ValidationError("no input: name photos or folders to convert, e.g. 'lineart convert SampleImages --output pages'")
        }
        if skipExisting && overwrite {
            throw ValidationError("--skip-existing and --overwrite contradict each other: choose one")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if output?.isEmpty == true { throw ValidationError("--output is empty: name a folder for the pages, e.g. --output pages") }
        if maxMegapixels < 1 { throw ValidationError("--max-megapixels must be at least 1") }
        if shardOptions.shard != nil, let option = pageOptions.booklet != nil ? "--booklet" : contactSheet != nil ? "--contact-sheet" : nil {
            throw ValidationError("\(option) is one file for the whole batch, not for a shard: build it after 'lineart report merge'")
        }
        if shardOptions.filesFrom == "-" && inputs.contains(ConvertDestination.standardStream) {
            throw ValidationError("--files-from - and the input - both read standard input: choose one")
        }
    }

    func run() throws {
        if shardOptions.filesFrom != nil {
            var listed = self
            listed.inputs += try shardOptions.listedPaths()
            listed.shardOptions.filesFrom = nil
            if listed.inputs.isEmpty { throw ValidationError("--files-from \(shardOptions.filesFrom!): lists no paths") }
            return try listed.run()
        }
        let preset = try presetOptions.isAuto ? presetOptions.resolve(AutoPreset.order[0]) : presetOptions.resolve()
        var outputs = try pageOptions.resolve(environment: ProcessInfo.processInfo.environment)
        let destination: ConvertDestination
        (destination, outputs.formats) = try chooseDestination(formats: pageOptions.format.isEmpty ? [] : outputs.formats)
        guard case .folder(let outputRoot) = destination else {
            if shardOptions.shard != nil { throw ValidationError("--shard is for a folder of pages: give --output DIR") }
            return try convertOnePhoto(to: destination, outputs: outputs, preset: preset)
        }

        let found = InputDiscovery(excluding: [outputRoot]).discover(inputs)
        try requireSomeNamedInput(found, named: inputs)
        if found.inputs.isEmpty && found.problems.isEmpty && !quiet {
            // Not an error (a folder can be empty today and full tomorrow), but say so.
            writeError("lineart: \(noPhotosFound(in: inputs))\n")
        }
        // A shard converts its share of the whole batch, under the names the whole batch gives.
        let shard = try shardOptions.resolve(environment: ProcessInfo.processInfo.environment).map { ShardSelection($0, of: found) }
        let discovery = shard?.discovery(of: found) ?? found
        let wholeLayout = OutputLayout(root: outputRoot, inputs: found.inputs)
        let layout = shard?.layout(of: wholeLayout) ?? wholeLayout
        let jobs = limitedToFourPerCore(self.jobs ?? ProcessInfo.processInfo.activeProcessorCount, option: "--jobs", quiet: quiet)
        // --jobs is the number of cores to use: photos first; cores no photo can use (fewer
        // photos than jobs, or the batch's last photos) split a photo's work (threadsForPhoto).
        let converters = try makeConverters(defaultPreset: preset, inputs: discovery.inputs)
        let mode = existingPolicy
        // Files written once for the batch are checked now, not after a long batch.
        let plan = BatchOutputPlan(layout: layout, outputs: outputs)
        try checkBatchFiles(plan, existing: mode)
        // Created only once the command line is known to be usable; locked until the run ends.
        let lockName = shard.map { OutputFolderLock.fileName(shard: $0.shard.number, of: $0.shard.count) }
            ?? OutputFolderLock.fileName
        let folderLock = try prepareConvertOutputFolder(outputRoot, writing: plan.allFiles, lockName: lockName,
                                                        wait: wait, quiet: quiet)
        defer { folderLock.release() }
        let interrupt = InterruptFlag()
        let progress = ProgressReporter(total: discovery.inputs.count, quiet: quiet)
        var summary = BatchSummary(preset: preset, outputRoot: outputRoot, jobs: jobs)
        let defaultName = presetOptions.isAuto ? AutoPreset.name : preset.name
        if presetOptions.isAuto { summary.preset = AutoPreset.name }
        if let manifest { summary.preset = "manifest:\(manifest) (default \(defaultName))" }

        let batch = BatchRun(discovery: discovery, layout: layout, converters: converters, outputs: outputs,
                             existing: mode, jobs: jobs, bookletPath: pageOptions.booklet, contactSheetPath: contactSheet,
                             shard: shard)
        let quiet = self.quiet, isAuto = presetOptions.isAuto
        let result = batch.run(
            summary: summary,
            isCancelled: { interrupt.isRaised },
            onPhotoFinished: { input, conversion in
                switch conversion.outcome {
                case .converted(let report):
                    let verdict = report.fillability.passes ? "passes" : "does not pass"
                    let chosen = isAuto ? " (preset \(report.preset): \(AutoPreset.reason(report.subject)))" : ""
                    progress.finished("\(input.path): score \(report.fillability.scoreText), \(verdict)\(chosen)",
                                      damage: report.warnings.filter(isLostImageDataWarning).map { "\(input.path): \($0)" },
                                      warnings: report.warningsForThePage.map { "\(input.path): \($0)" })
                case .skipped:
                    progress.finished("\(input.path): skipped, outputs exist")
                case .upToDate:
                    progress.finished("\(input.path): up to date")
                case .failed(let reason):
                    progress.finished("", failure: "\(input.path): \(reason)")
                }
            },
            onNote: { note in
                switch note {
                case .photosDone:
                    progress.close()
                case .bookletShort(let path, let pages, let photos):
                    writeError("lineart: \(path): \(pages) of \(photos) pages (failed photos, and kept pages made with other settings, are left out)\n")
                case .unusableInput(let problem):
                    writeError("lineart: \(printable(problem.path)): \(problem.reason)\n")
                case .passedOver(let file):
                    writeError("lineart: \(printable(file.path)): \(file.reason)\n")
                case .duplicate(let duplicate):
                    if !quiet { writeError("lineart: \(printable(duplicate.note))\n") }
                case .batchFileNotWritten(let error):
                    writeError("lineart: \(error)\n")
                }
            })
        summary = result.summary
        if json {
            writeOutput(try summary.jsonData())
        } else if !quiet {
            writeError(summary.humanSummary(reportWritten: result.reportWritten) + "\n")
        }
        if interrupt.isRaised { throw ExitCode(ExitStatus.interrupted) }
        if summary.failedCount > 0 || result.batchFileFailed { throw ExitCode(ExitStatus.someFailed) }
    }

    /// What to do with outputs that exist: `--skip-existing`, `--overwrite`, or fail.
    var existingPolicy: ExistingOutputPolicy { skipExisting ? .skip : (overwrite ? .overwrite : .update) }

    /// Refuses, before any photo is converted, a batch report that is an input photo and a
    /// `--booklet` or `--contact-sheet` that would replace a photo or a file of the batch, is
    /// a folder, cannot be created, or exists without `--overwrite` or `--skip-existing`.
    /// - Throws: a `ValidationError` (exit status 2) naming the option, the path and the reason.
    private func checkBatchFiles(_ plan: BatchOutputPlan, existing: ExistingOutputPolicy) throws {
        var files: [(option: String, path: String)] = []
        if let booklet = pageOptions.booklet { files.append(("--booklet", booklet)) }
        if let contactSheet { files.append(("--contact-sheet", contactSheet)) }
        do {
            try plan.checkBatchReport()
            try plan.check(files, existing: existing)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The converter of the photos `inputs`: the manifest's preset for the photos it lists, else `--preset`.
    func converter(for inputs: [BatchInput], defaultPreset: LineArtPreset) throws -> PhotoConverter {
        try makeConverters(defaultPreset: defaultPreset, inputs: inputs)[0]
    }

    /// One converter per input: the manifest's preset for the photos it lists, else `--preset`.
    private func makeConverters(defaultPreset: LineArtPreset, inputs: [BatchInput]) throws -> [PhotoConverter] {
        let maxPixels = DecodeOptions.maxPixels(megapixels: maxMegapixels)
        func converter(_ presets: [LineArtPreset]) throws -> PhotoConverter {
            do {
                return try PhotoConverter(trying: presets, maxPixels: maxPixels)
            } catch {
                throw ValidationError("preset \(presets.map(\.name).joined(separator: ", ")): \(error.description)")
            }
        }
        func presets(_ name: String, namedBy label: String? = nil) throws -> [LineArtPreset] {
            name == AutoPreset.name ? try presetOptions.resolveAuto() : [try presetOptions.resolve(name, namedBy: label)]
        }
        let fallback = try converter(presetOptions.isAuto ? presetOptions.resolveAuto() : [defaultPreset])
        guard let manifestPath = manifest else { return inputs.map { _ in fallback } }
        let loaded: SampleManifest
        do {
            loaded = try SampleManifest.load(path: manifestPath)
        } catch {
            throw ValidationError("--manifest: \(error)")
        }
        var byReference: [String: PhotoConverter] = [:]
        return try inputs.map { input in
            guard let reference = loaded.presetReference(forPath: input.path) else { return fallback }
            if let existing = byReference[reference] { return existing }
            let made = try converter(try presets(reference, namedBy: "--manifest \(manifestPath): the preset of \(input.path)"))
            byReference[reference] = made
            return made
        }
    }
}
