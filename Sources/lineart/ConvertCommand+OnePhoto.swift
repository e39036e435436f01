import ArgumentParser
import FoundationEssentials
import LineArtKit

extension ConvertCommand {
    /// Where to write, as ``ConvertDestination/choose(inputs:output:formats:isFolder:)``
    /// says, and the options that only a folder, or only a file, can take.
    /// - Parameter formats: `--format`'s formats, empty when it is not given.
    /// - Throws: a `ValidationError` (exit status 2) for a combination that cannot be written.
    func chooseDestination(formats: [PageFormat]) throws -> (ConvertDestination, [PageFormat]) {
        let chosen: (destination: ConvertDestination, formats: [PageFormat])
        do {
            chosen = try ConvertDestination.choose(inputs: inputs, output: output, formats: formats) { path in
                var isFolder = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder
            }
        } catch {
            throw ValidationError(error.description)
        }
        switch chosen.destination {
        case .folder:
            break
        case .file, .standardOutput:
            let pageFile = chosen.destination == .standardOutput ? "-o -" : "one page file"
            for (option, given) in [("--booklet", pageOptions.booklet != nil), ("--contact-sheet", contactSheet != nil)] where given {
                throw ValidationError("\(option) is for a folder of pages (--output DIR), not \(pageFile)")
            }
        }
        if chosen.destination == .standardOutput {
            for (option, given) in [("--report", report), ("--regions", pageOptions.regions), ("--json", json)] where given {
                throw ValidationError("\(option) cannot go with --output -: standard output holds the page; write it to a file instead")
            }
        }
        return chosen
    }

    /// Converts the one photo into its page file (or onto standard output), and says how it
    /// went on stderr: the score, the first suggestion of a page that fails, the file written.
    func convertOnePhoto(to destination: ConvertDestination, outputs: PageOutputs, preset: LineArtPreset) throws {
        let source: SinglePhotoRun.Source
        let photo: BatchInput
        if inputs[0] == ConvertDestination.standardStream {
            photo = SinglePhotoRun.standardInputPhoto
            do {
                source = .standardInput(try readStandardInput())
            } catch {
                writeError("lineart: -: \(error.description)\n")
                throw ExitCode(ExitStatus.someFailed)
            }
        } else {
            let discovery = InputDiscovery().discover(inputs)
            try requireSomeNamedInput(discovery, named: inputs)
            guard let found = discovery.inputs.first else {
                writeError("lineart: \(noPhotosFound(in: inputs))\n")
                throw ExitCode(ExitStatus.someFailed)
            }
            photo = found
            source = .file(found)
        }
        var run = SinglePhotoRun(source: source, converter: try converter(for: [photo], defaultPreset: preset),
                                 outputs: outputs, destination: destination, writesReport: report, existing: existingPolicy)
        run.converter.threads = limitedToFourPerCore(jobs ?? ProcessInfo.processInfo.activeProcessorCount, option: "--jobs", quiet: quiet)
        switch run.run() {
        case .converted(let report, let standardOutput):
            if let standardOutput { writeOutput(standardOutput) }
            if json { writeOutput(try encodeReportJSON(report)) }
            guard !quiet else { return }
            let fillability = report.fillability
            let chosen = presetOptions.isAuto ? " (preset \(report.preset): \(AutoPreset.reason(report.subject)))" : ""
            var lines = ["\(photo.path): score \(fillability.scoreText), \(fillability.passes ? "passes" : "does not pass")\(chosen)"]
            if let first = fillability.suggestions.first { lines.append("  - \(first)") }
            lines += (report.warnings.filter(isLostImageDataWarning)
                + report.warningsForThePage).map { "\(photo.path): \($0)" }
            if standardOutput == nil { lines.append("page: " + (report.pages ?? [report.page]).joined(separator: ", ")) }
            writeError(lines.map(printable).joined(separator: "\n") + "\n")
        case .skipped(let page):
            if !quiet { writeError("lineart: \(printable(photo.path)): skipped, \(printable(page)) exists\n") }
        case .failed(let reason):
            writeError("lineart: \(printable(photo.path)): \(printable(reason))\n")
            throw ExitCode(ExitStatus.someFailed)
        }
    }
}
