import FoundationEssentials

/// One run of `convert` over its inputs: every photo converted (`jobs` at once, the biggest
/// first), then the booklet, `report.json` and the contact sheet of the whole batch.
///
/// A photo that fails does not stop the batch: its ``PageConversion`` carries the reason,
/// and the summary lists it. A batch file that cannot be written is a ``BatchNote`` and
/// ``BatchRun/Result/batchFileFailed``.
public struct BatchRun: Sendable {
    /// The photos, and the paths that could not be used or were named twice.
    public var discovery: InputDiscovery.Result
    public var layout: OutputLayout
    /// One converter per photo of `discovery.inputs` (a manifest's preset, or the batch's).
    public var converters: [PhotoConverter]
    public var outputs: PageOutputs
    public var existing: ExistingOutputPolicy
    /// Cores to use: photos converted at once, and the threads of a photo when fewer are left.
    public var jobs: Int
    /// The PDF of every page, when wanted.
    public var bookletPath: String?
    /// The HTML contact sheet, when wanted.
    public var contactSheetPath: String?
    /// The shard this run converts (its report says where its entries stand in the whole batch).
    public var shard: ShardSelection?

    public init(discovery: InputDiscovery.Result, layout: OutputLayout, converters: [PhotoConverter],
                outputs: PageOutputs, existing: ExistingOutputPolicy, jobs: Int,
                bookletPath: String? = nil, contactSheetPath: String? = nil, shard: ShardSelection? = nil) {
        precondition(converters.count == discovery.inputs.count, "one converter per photo")
        self.discovery = discovery
        self.layout = layout
        self.converters = converters
        self.outputs = outputs
        self.existing = existing
        self.jobs = jobs
        self.bookletPath = bookletPath
        self.contactSheetPath = contactSheetPath
        self.shard = shard
    }

    public struct Result: Sendable {
        /// What `report.json` holds.
        public var summary: BatchSummary
        /// Whether the booklet, `report.json` or the contact sheet could not be written.
        public var batchFileFailed: Bool
        /// Whether `report.json` was written.
        public var reportWritten = true
    }

    /// Converts the photos and writes the batch files.
    /// - Parameters:
    ///   - summary: the summary to fill: its preset, settings, output folder and jobs.
    ///   - isCancelled: when it turns true no new photo is started; those started finish.
    ///   - onPhotoFinished: each photo's outcome as it finishes (serialised, in completion order).
    ///   - onNote: what the batch has to say once the photos are done, in order.
    public func run(summary: BatchSummary,
                    isCancelled: @escaping @Sendable () -> Bool = { false },
                    onPhotoFinished: @escaping @Sendable (BatchInput, PageConversion) -> Void = { _, _ in },
                    onNote: (BatchNote) -> Void = { _ in }) -> Result {
        let start = Date()
        let outcomes = convertAll(isCancelled: isCancelled, onPhotoFinished: onPhotoFinished)
        onNote(.photosDone)
        var batchFileFailed = false
        if let bookletPath {
            do {
                let count = try writeBooklet(to: bookletPath, drawings: outcomes.map { $0?.drawing }, outputs: outputs)
                if count < outcomes.count { onNote(.bookletShort(path: bookletPath, pages: count, photos: outcomes.count)) }
            } catch {
                onNote(.batchFileNotWritten(error))
                batchFileFailed = true
            }
        }

        var summary = summary
        for problem in discovery.problems {
            summary.addFailure(input: problem.path, reason: problem.reason)
            onNote(.unusableInput(problem))
        }
        for item in discovery.passedOver { onNote(.passedOver(item)) }
        for duplicate in discovery.duplicates {
            summary.addDuplicate(input: duplicate.path, sameAs: duplicate.sameAs)
            onNote(.duplicate(duplicate))
        }
        for (index, outcome) in outcomes.enumerated() {
            let input = discovery.inputs[index]
            switch outcome?.outcome {
            case .converted(let report)?: summary.add(report, reconverted: outcome?.reconverted)
            case .skipped?: summary.addSkipped(input: input.path, earlierReport: outcome?.earlierReport)
            case .upToDate?: summary.addUpToDate(input: input.path, earlierReport: outcome?.earlierReport)
            case .failed(let reason)?: summary.addFailure(input: input.path, reason: reason)
            case nil: summary.addNotStarted(input: input.path)
            }
        }
        summary.finish(elapsed: Date().timeIntervalSince(start), interrupted: isCancelled())
        summary.shard = shard?.part(of: summary)

        var reportWritten = true
        do {
            // Like `make`, a rerun with nothing to do writes nothing: the batch report of the run
            // that made these pages stays when every photo is up to date and it lists them all.
            if !Self.earlierReportStillHolds(summary, at: layout.batchReportPath) {
                try AtomicFileWriter().write([UInt8](summary.jsonData()), toPath: layout.batchReportPath)
            }
        } catch {
            onNote(.batchFileNotWritten(error))
            batchFileFailed = true
            reportWritten = false
        }
        if let contactSheetPath {
            // The pages of this run, and those an earlier run made that --skip-existing kept.
            let pages = outcomes.map { conversion -> ImageReport? in
                if case .converted(let report)? = conversion?.outcome { return report }
                return conversion?.earlierReport
            }
            do {
                try writeContactSheet(to: contactSheetPath, pages: pages)
            } catch {
                onNote(.batchFileNotWritten(error))
                batchFileFailed = true
            }
        }
        return Result(summary: summary, batchFileFailed: batchFileFailed, reportWritten: reportWritten)
    }

    /// Every photo's conversion, by input index (nil for a photo never started).
    private func convertAll(isCancelled: @escaping @Sendable () -> Bool,
                            onPhotoFinished: @escaping @Sendable (BatchInput, PageConversion) -> Void) -> [PageConversion?] {
        let inputs = discovery.inputs
        let (converters, layout, outputs, existing, jobs) = (converters, layout, outputs, existing, jobs)
        // Names too long for the file system are refused before any photo is converted, and
        // said first; then, with several workers, the biggest photos, so none runs alone at the end.
        let refused = inputs.indices.map { index in
            ConversionPaths(layout: layout, index: index).files(for: outputs).lazy.compactMap(fileNameProblem).first
        }
        let order = inputs.indices.filter { refused[$0] != nil }
            + (jobs > 1 ? largestFirstOrder(inputs) : Array(inputs.indices)).filter { refused[$0] == nil }
        let inOrder = runInParallel(
            count: inputs.count, jobs: jobs, isCancelled: isCancelled,
            work: { position in
                let index = order[position]
                if let problem = refused[index] { return PageConversion(outcome: .failed(problem)) }
                var converter = converters[index]
                // Cores no photo can use (fewer photos than jobs, the batch's last photos)
                // split a photo's work.
                converter.threads = threadsForPhoto(at: position, of: inputs.count, jobs: jobs)
                return converter.convert(inputs[index], paths: ConversionPaths(layout: layout, index: index),
                                         outputs: outputs, existing: existing)
            },
            onFinish: { position, conversion in onPhotoFinished(inputs[order[position]], conversion) })
        var outcomes = [PageConversion?](repeating: nil, count: inputs.count)
        for (position, outcome) in inOrder.enumerated() { outcomes[order[position]] = outcome }
        return outcomes
    }

    /// The contact sheet of the photos with a page (converted now, or kept by
    /// --skip-existing), in input order.
    /// Whether the batch report at `path` still describes `summary`'s run: every photo of the
    /// run is up to date (nothing converted, failed, skipped, left or named twice), and the
    /// report is of the same preset and lists exactly these photos.
    static func earlierReportStillHolds(_ summary: BatchSummary, at path: String) -> Bool {
        let counts = summary.counts
        guard counts.upToDate > 0, counts.upToDate == counts.total, counts.duplicates == 0, !summary.interrupted,
              let bytes = FileManager.default.contents(atPath: path),
              let earlier = try? JSONDecoder().decode(BatchSummary.self, from: bytes)
        else { return false }
        return earlier.preset == summary.preset && earlier.pages.map(\.input).sorted() == summary.upToDate.sorted()
    }

    private func writeContactSheet(to path: String, pages: [ImageReport?]) throws {
        var rows: [ContactSheet.Row] = []
        for (index, page) in pages.enumerated() {
            guard let report = page else { continue }
            rows.append(ContactSheet.Row(photoPath: discovery.inputs[index].path, report: report))
        }
        try ContactSheet(title: ContactSheet.batchTitle, rows: rows).write(to: path)
    }
}

/// What a batch has to say about itself, after its photos.
public enum BatchNote: Sendable {
    /// Every photo started has finished (a progress display can close); the batch files follow.
    case photosDone
    /// The booklet has fewer pages than the batch has photos (failed photos, and kept pages
    /// made with other settings, are left out).
    case bookletShort(path: String, pages: Int, photos: Int)
    /// A path named that could not be used (it is a failure of the batch).
    case unusableInput(InputDiscovery.Problem)
    /// A file with an image's name that is not a regular file, passed over (not a failure).
    case passedOver(InputDiscovery.Problem)
    /// A file reached under a second path, converted once.
    case duplicate(InputDiscovery.Duplicate)
    /// The booklet, `report.json` or the contact sheet could not be written.
    case batchFileNotWritten(any Error)
}

/// Writes the booklet: one PDF page per converted photo that has a drawing, in input order.
/// - Returns: the number of pages written.
/// - Throws: ``BookletNotWritten`` when no photo has a drawing, or the writer's error.
package func writeBooklet(to path: String, drawings: [VectorDrawing?], outputs: PageOutputs) throws -> Int {
    let pages = drawings.compactMap { $0 }.map { (drawing: $0, layout: outputs.layout(of: $0)) }
    try writeBooklet(to: path, pages: pages, photos: drawings.count)
    return pages.count
}

/// Writes the booklet of `pages`, in their order, replacing an existing file.
/// - Parameter photos: the photos of the batch, for the message when there are no pages.
/// - Throws: ``BookletNotWritten`` when `pages` is empty (a PDF of no pages is one viewers
///   refuse; an existing file is left as it was), or the writer's error.
package func writeBooklet(to path: String, pages: [(drawing: VectorDrawing, layout: PageLayout)], photos: Int) throws {
    guard !pages.isEmpty else { throw BookletNotWritten(path: path, photos: photos) }
    try AtomicFileWriter(createParentDirectories: true).write(PDFWriter().write(pages: pages), toPath: path)
}

/// A booklet left unwritten because no photo of the batch has a page for it.
public struct BookletNotWritten: Error, CustomStringConvertible {
    public var path: String
    /// The photos of the batch.
    public var photos: Int

    public var description: String {
        photos == 0
            ? "\(path): not written: no photos in the batch, and a PDF needs at least one page"
            : "\(path): not written: 0 of \(photos) pages (failed photos, and kept pages made with other settings, are left out), and a PDF needs at least one page"
    }
}
