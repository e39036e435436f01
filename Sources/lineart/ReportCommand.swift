import ArgumentParser
import FoundationEssentials
import LineArtKit

/// `lineart report`: work on the batch reports of `convert`.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work on batch reports: merge the reports of shards.",
        subcommands: [ReportMergeCommand.self]
    )
}

/// `lineart report merge OUT`: the shards' `report-K-of-N.json` into one `report.json`.
struct ReportMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the shard reports (report-K-of-N.json) of an output folder into its report.json.",
        discussion: """
            The merged report.json is the one a single run over the whole batch would have written: the same photos in the same order, the same counts, pass rate and mean score; elapsedSeconds is the longest shard's and throughput the sum of the shards'. The shard reports are left as they are.

            Exit status: 0 merged and every photo converted, 1 merged but some photos failed (or the contact sheet or booklet could not be written whole), or shards are missing (named on stderr, nothing written), 2 the reports cannot be merged (none, or of runs with different presets, settings or shard counts, or of different batches of photos, or a shard twice), or --booklet names a photo or file of the batch.

            Example:
              lineart convert photos --output pages --shard 1/2   # on one machine
              lineart convert photos --output pages --shard 2/2   # on another
              lineart report merge pages

            More (Kubernetes, Slurm, GNU parallel, retries): docs/scale-out.md
            """
    )

    @Argument(help: ArgumentHelp("The output folder the shards wrote into.", valueName: "output"))
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "Also write the HTML contact sheet of the whole batch, from each page's NAME.json (replaces an existing file).",
        valueName: "file.html"))
    var contactSheet: String?

    @Option(name: .long, help: ArgumentHelp(
        "Also write the PDF booklet of the whole batch, as convert --booklet would, drawing each page again from its photo (replaces an existing file).",
        valueName: "file.pdf"))
    var booklet: String?

    @Flag(name: [.short, .long], help: "Print no summary.")
    var quiet = false

    @Flag(name: .long, help: "Print the merged report as JSON on stdout.")
    var json = false

    func run() throws {
        let merged: BatchSummary
        do {
            let files = try ShardReportFile.load(folder: output)
            if files.isEmpty { throw ShardMergeProblem.noReports(folder: output) }
            merged = try mergeShardReports(files)
        } catch let problem as ShardMergeProblem {
            writeError("lineart: \(problem)\n")
            throw ExitCode(problem.isMissingWork ? ExitStatus.someFailed : ExitStatus.usage)
        }
        if let booklet {
            do {
                try MergedBooklet.checkPath(booklet, of: merged, folder: output,
                                            otherFiles: contactSheet.map { [("--contact-sheet", $0)] } ?? [])
            } catch {
                throw ValidationError(error.description)
            }
        }
        let path = PathString.appending(OutputLayout.batchReportName, to: output)
        do {
            try AtomicFileWriter().write([UInt8](merged.jsonData()), toPath: path)
        } catch {
            writeError("lineart: \(error)\n")
            throw ExitCode(ExitStatus.someFailed)
        }
        var sheetFailed = false
        if let contactSheet {
            let (sheet, unreadable) = LineArtKit.contactSheet(of: merged)
            for path in unreadable { writeError("lineart: \(path): cannot be read; its page is left off the contact sheet\n") }
            sheetFailed = !unreadable.isEmpty
            do {
                try sheet.write(to: contactSheet)
            } catch {
                writeError("lineart: \(error)\n")
                sheetFailed = true
            }
        }
        let bookletFailed = booklet.map { writeBooklet(of: merged, to: $0) } ?? false
        if json {
            writeOutput(try merged.jsonData())
        } else if !quiet {
            writeError(merged.humanSummary + "\n")
        }
        if merged.failedCount > 0 || sheetFailed || bookletFailed { throw ExitCode(ExitStatus.someFailed) }
    }

    /// Writes the booklet of `merged` to `path`, naming each page left out.
    /// - Returns: whether pages were left out or the file could not be written.
    private func writeBooklet(of merged: BatchSummary, to path: String) -> Bool {
        let booklet = MergedBooklet(of: merged, jobs: ProcessInfo.processInfo.activeProcessorCount)
        for page in booklet.leftOut { writeError("lineart: \(page)\n") }
        do {
            try booklet.write(to: path)
        } catch {
            writeError("lineart: \(error)\n")
            return true
        }
        return !booklet.leftOut.isEmpty
    }
}
