import FoundationEssentials

/// One photo converted into one page file, or onto standard output: `lineart convert
/// cat.jpg -o cat.png`, `lineart convert cat.jpg` (`cat.page.png` here), `cat cat.jpg |
/// lineart convert - -o -`. No batch report; the photo's report only when asked for.
public struct SinglePhotoRun: Sendable {
    /// Where the photo comes from.
    public enum Source: Sendable {
        /// A file found by ``InputDiscovery``.
        case file(BatchInput)
        /// The bytes read from standard input (named `-` in the report).
        case standardInput([UInt8])
    }

    /// How the run ended.
    public enum Outcome: Sendable {
        /// The page was made: its report (also when not written), and for standard output
        /// the page's bytes, to be written there.
        case converted(ImageReport, standardOutput: [UInt8]?)
        /// The page exists and `--skip-existing` keeps it.
        case skipped(page: String)
        case failed(String)
    }

    /// How standard input is named: in the report, and to pick its converter.
    public static let standardInputPhoto = BatchInput(path: ConvertDestination.standardStream,
                                                 relativePath: ConvertDestination.standardStream)

    public var source: Source
    public var converter: PhotoConverter
    /// The formats and paper; with ``ConvertDestination/standardOutput`` one format, no regions.
    public var outputs: PageOutputs
    /// ``ConvertDestination/file(base:)`` or ``ConvertDestination/standardOutput``.
    public var destination: ConvertDestination
    /// Whether `base.json` is written beside the page.
    public var writesReport: Bool
    public var existing: ExistingOutputPolicy

    public init(source: Source, converter: PhotoConverter, outputs: PageOutputs, destination: ConvertDestination,
                writesReport: Bool, existing: ExistingOutputPolicy) {
        self.source = source
        self.converter = converter
        self.outputs = outputs
        self.destination = destination
        self.writesReport = writesReport
        self.existing = existing
    }

    /// Converts the photo and writes its files, each atomically (pages first, the report
    /// last); never throws: every problem is `.failed(reason)`.
    public func run() -> Outcome {
        let input: BatchInput, photo: [UInt8]?
        switch source {
        case .file(let file): (input, photo) = (file, nil)
        case .standardInput(let bytes):
            (input, photo) = (SinglePhotoRun.standardInputPhoto, bytes)
        }
        let paths: ConversionPaths
        switch destination {
        case .file(let base): paths = ConversionPaths(base: base)
        case .standardOutput, .folder: paths = ConversionPaths(base: ConvertDestination.standardStream)
        }
        // The files to be written (none for standard output): the pages, the region map, the report.
        var files: [String] = []
        if destination != .standardOutput {
            files = outputs.formats.map { paths.page($0) }
            if outputs.regions { files.append(paths.regionMap) }
            if writesReport { files.append(paths.report) }
        }
        if let problem = firstProblem(writing: files, input: input) { return problem }
        do {
            let (report, rendered, _) = try converter.renderOutputs(input, paths: paths, outputs: outputs, photo: photo)
            if destination == .standardOutput { return .converted(report, standardOutput: rendered.first?.1) }
            if writesReport {
                try UnitWriter(threads: converter.threads, beforeStep: { _ in })
                    .write(companions: rendered, report: [UInt8](encodeReportJSON(report)), reportPath: paths.report,
                           oldCompanions: [])
            } else {
                let writer = AtomicFileWriter(createParentDirectories: true)
                for (path, bytes) in rendered { try writer.write(bytes, toPath: path) }
            }
            return .converted(report, standardOutput: nil)
        } catch let error as CodecError {
            return .failed(error.description)
        } catch {
            return .failed("\(error)")
        }
    }

    /// The outcome before converting: a file that is the photo, or files that exist (kept
    /// with `.skip` when all do, replaced with `.overwrite`, else refused: one named file is
    /// not a unit a rerun could check); nil to go on.
    private func firstProblem(writing files: [String], input: BatchInput) -> Outcome? {
        let photo = InputPhotos([input])
        if let problem = files.lazy.compactMap({ photo.overwriteProblem(writing: $0) }).first { return .failed(problem) }
        let present = files.filter { FileManager.default.fileExists(atPath: $0) }
        switch existing {
        case .skip where !files.isEmpty && present.count == files.count:
            return .skipped(page: files[0])
        case .update where !present.isEmpty:
            return .failed("\(present[0]) already exists (use --overwrite to replace it or --skip-existing to keep it)")
        default:
            return nil
        }
    }
}
