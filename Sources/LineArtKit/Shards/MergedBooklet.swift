import FoundationEssentials

/// The booklet of a merged batch report (`report merge --booklet`): the PDF one
/// `convert --booklet` run over the whole batch writes, a page per photo in the report's order.
///
/// Shards keep no drawings, so each page is drawn again from its photo with the preset and
/// settings its report `NAME.json` records (the pipeline is deterministic), on the paper and
/// margin of its recorded `placement`. Its page files are encoded again and compared with the
/// SHA-256 the report records for them, so the booklet holds only pages that are, to the
/// byte, those the shards wrote; any other page is left out, with the reason.
public struct MergedBooklet: Sendable {
    /// The pages, in the batch report's order.
    var pages: [(drawing: VectorDrawing, layout: PageLayout)]
    /// The pages left out, in the batch report's order.
    public var leftOut: [LeftOutPage]
    /// The photos of the batch (its `counts.total`), for the message when no page is left.
    var photos: Int

    /// Draws the pages of `report` again, `jobs` photos at once.
    public init(of report: BatchSummary, jobs: Int) {
        let entries = report.pages
        let redrawn = runInParallel(count: entries.count, jobs: jobs) { index in
            Result { () throws(LeftOutPage) in try Self.redraw(entries[index]) }
        }
        pages = []
        leftOut = []
        for result in redrawn {
            switch result {
            case .success(let page)?: pages.append(page)
            case .failure(let problem)?: leftOut.append(problem)
            case nil: break
            }
        }
        photos = report.counts.total
    }

    /// Writes the PDF, replacing an existing file.
    /// - Throws: ``BookletNotWritten`` when no page is left, or the writer's error.
    public func write(to path: String) throws {
        try writeBooklet(to: path, pages: pages, photos: photos)
    }

    /// Checks, before anything is written, that the booklet at `path` replaces none of the
    /// batch's photos, pages or reports, and is not the file of `otherFiles` (option, path).
    /// - Throws: the problem, naming `--booklet`.
    public static func checkPath(_ path: String, of report: BatchSummary, folder: String,
                                 otherFiles: [(option: String, path: String)]) throws(BatchFileProblem) {
        let option = "--booklet"
        if AtomicFileWriter.isDirectory(path) { throw .isDirectory(option: option, path: path) }
        let photos = InputPhotos((report.pages.map(\.input) + report.skipped).map { BatchInput(path: $0, relativePath: $0) })
        if let photo = photos.photo(at: path) { throw .inputPhoto(option: option, path: path, photo: photo) }
        let photoFiles = report.pages.flatMap { page in
            OutputLayout.fileSuffixes.map { PathString.deletingExtension(page.page) + "." + $0 }
        }
        let batchFiles = photoFiles + [PathString.appending(OutputLayout.batchReportName, to: folder)]
        if let output = batchFiles.first(where: { resolvedPath($0) == resolvedPath(path) }) {
            throw .batchOutput(option: option, path: path, output: output)
        }
        if let other = otherFiles.first(where: { resolvedPath($0.path) == resolvedPath(path) }) {
            throw .sameFile(option: option, path: path, otherOption: other.option)
        }
    }

    /// The page of `entry` drawn again, checked against the files its report records.
    static func redraw(_ entry: BatchSummary.Page) throws(LeftOutPage) -> (drawing: VectorDrawing, layout: PageLayout) {
        func leftOut(_ reason: String) -> LeftOutPage { LeftOutPage(input: entry.input, reason: reason) }
        let reportPath = photoReportPath(of: entry)
        guard let report = photoReport(of: entry) else { throw leftOut("its report \(reportPath) cannot be read") }
        guard let unit = report.unit, let outputs = PageOutputs(recordedIn: report) else {
            throw leftOut("\(reportPath) was written by an earlier lineart, which did not record its page")
        }
        let recorded = Dictionary(unit.files.map { ($0.name, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let input = BatchInput(path: entry.input, relativePath: PathString.lastComponent(entry.input))
        let paths = ConversionPaths(base: PathString.deletingExtension(reportPath))
        let converters = redrawingConverters(report)
        if converters.isEmpty { throw leftOut("\(reportPath) records settings of \(report.preset) that this lineart refuses") }
        var mismatch = ""
        for converter in converters {
            let files: [(String, [UInt8])]
            let drawing: VectorDrawing?
            do {
                (_, files, drawing) = try converter.renderOutputs(input, paths: paths, outputs: outputs)
            } catch {
                throw leftOut("cannot be read: \(error.description)")
            }
            guard let different = files.first(where: { recorded[PathString.lastComponent($0.0)] != sha256Hex($0.1) }) else {
                return (drawing!, outputs.layout(of: drawing!))
            }
            mismatch = PathString.lastComponent(different.0)
        }
        throw leftOut("drawn again, its page is not the \(mismatch) that \(reportPath) records (the photo, the preset or lineart changed since)")
    }

    /// The converters that may draw a recorded page again: its preset with the recorded
    /// settings and fillability targets (extraction aims at them), and for a built-in preset
    /// also decoded at the size `--preset auto` decodes at (the largest of the presets it
    /// tries, unless `--set maxDimension` gave them all one), in case auto chose it.
    static func redrawingConverters(_ report: ImageReport) -> [PhotoConverter] {
        let profile = FillabilityProfile.allCases.first { $0.targets == report.fillability.targets } ?? .standard
        let preset = LineArtPreset(name: report.preset, summary: "", profile: profile, settings: report.settings)
        guard let converter = try? PhotoConverter(preset: preset) else { return [] }
        let builtin = try? BuiltinPresets.named(report.preset)
        guard let builtin, report.settings.maxDimension == builtin.settings.maxDimension,
              let autoSize = AutoPreset.order.compactMap({ try? BuiltinPresets.named($0).settings.maxDimension }).max(),
              autoSize != report.settings.maxDimension else { return [converter] }
        var asAuto = converter
        asAuto.decodeMaxDimension = autoSize
        return [converter, asAuto]
    }
}

/// A page of a merged batch left out of its booklet, and why.
public struct LeftOutPage: Error, Sendable, CustomStringConvertible {
    /// The photo, as the batch report names it.
    public var input: String
    public var reason: String

    public var description: String { "\(input): \(reason); its page is left out of the booklet" }
}
