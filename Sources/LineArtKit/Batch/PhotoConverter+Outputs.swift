import FoundationEssentials

/// A converted photo's outcome, with its traced drawing when one was made (for booklets).
public struct PageConversion: Sendable {
    public var outcome: ConversionOutcome
    public var drawing: VectorDrawing?
    /// For a photo skipped because its outputs exist: the report an earlier run wrote
    /// (nil when it cannot be read as one).
    public var earlierReport: ImageReport?

    public init(outcome: ConversionOutcome, drawing: VectorDrawing? = nil, earlierReport: ImageReport? = nil) {
        self.outcome = outcome
        self.drawing = drawing
        self.earlierReport = earlierReport
    }
}

extension PhotoConverter {
    /// The page PNG's encoder: 1-bit, at `dpi` when given, compressed with zlib's run-length
    /// strategy: a page is mostly runs of paper, so files come out about as small as at zlib
    /// level 3, in less than half the time.
    static func pageEncoder(dpi: Double?) -> PNGEncoder {
        PNGEncoder(pixelFormat: .bilevel, dpi: dpi, runLengthsOnly: true)
    }

    /// Converts `input` into the pages of `outputs.formats`, optionally the region map, and the
    /// report, never throwing: every problem becomes `.failed(reason)`. All files are written
    /// atomically, pages first and the report last, so a report means the pages are there.
    ///
    /// With the default ``PageOutputs`` this writes `NAME.png` (1-bit) and `NAME.json`.
    ///
    /// A file that is the photo itself or another photo of the batch (``ConversionPaths/inputPhotos``)
    /// fails the photo before anything is written, whatever `existing` says: `--overwrite`
    /// replaces old pages, never photos.
    public func convert(_ input: BatchInput, paths: ConversionPaths, outputs: PageOutputs,
                        existing: ExistingOutputPolicy) -> PageConversion {
        let files = paths.files(for: outputs)
        let ownPhoto = InputPhotos([input])
        for file in files {
            if let problem = ownPhoto.overwriteProblem(writing: file) ?? paths.inputPhotos.overwriteProblem(writing: file) {
                return PageConversion(outcome: .failed(problem))
            }
        }
        let fileManager = FileManager.default
        let present = files.filter { fileManager.fileExists(atPath: $0) }
        switch existing {
        case .skip where present.count == files.count:
            let earlier = (try? Data(contentsOf: URL(fileURLWithPath: paths.report)))
                .flatMap { try? JSONDecoder().decode(ImageReport.self, from: $0) }
            // A booklet needs every page's drawing. A kept page made with settings this run
            // also has is drawn again, in memory (the pipeline is deterministic, so it is the
            // page on disk); one made with other settings is left out of the booklet.
            let ownSettings = [pipeline.settings] + alternatives.map(\.settings)
            let drawing = outputs.keepDrawing && earlier.map({ ownSettings.contains($0.settings) }) == true
                ? (try? renderOutputs(input, paths: paths, outputs: outputs))?.2 : nil
            return PageConversion(outcome: .skipped, drawing: drawing, earlierReport: earlier)
        case .fail where !present.isEmpty:
            return PageConversion(outcome: .failed(
                "\(present[0]) already exists (use --overwrite to replace it or --skip-existing to keep it)"))
        default:
            break
        }
        do {
            let (report, written, drawing) = try renderOutputs(input, paths: paths, outputs: outputs)
            try writePagesThenReport(written, report: report, reportPath: paths.report)
            return PageConversion(outcome: .converted(report), drawing: drawing)
        } catch let error as CodecError {
            return PageConversion(outcome: .failed(error.description))
        } catch {
            return PageConversion(outcome: .failed("\(error)"))
        }
    }

    /// Writes `pages` (path, bytes) and then the report, each atomically, so that a report
    /// on disk means its pages are there. With two threads per photo the pages are written on
    /// the second one while this one encodes the report and writes it under a temporary name
    /// (each write waits mostly on fsync); the report is renamed into place once every page is.
    func writePagesThenReport(_ pages: [(String, [UInt8])], report: ImageReport, reportPath: String) throws {
        let writer = AtomicFileWriter(createParentDirectories: true)
        @Sendable func writePages() throws(CodecError) {
            for (path, bytes) in pages { try writer.write(bytes, toPath: path) }
        }
        guard threads >= 2, !pages.isEmpty else {
            try writePages()
            try writer.write([UInt8](encodeReportJSON(report)), toPath: reportPath)
            return
        }
        let pagesWritten = startOnSecondThread { Result { () throws(CodecError) in try writePages() } }
        let staged: AtomicFileWriter.StagedFile
        do {
            staged = try writer.stage([UInt8](encodeReportJSON(report)), toPath: reportPath)
        } catch {
            _ = pagesWritten.wait()
            throw error
        }
        do {
            try pagesWritten.wait().get()
        } catch {
            writer.discard(staged)
            throw error
        }
        try writer.commit(staged)
    }

    /// Decodes, converts and encodes every output; returns the report, the files (path,
    /// bytes) not yet written, and the traced drawing if one was made.
    /// - Parameter photo: the photo's bytes when they are not in the file `input.path`
    ///   (standard input); `input.path` then only names it in the report.
    public func renderOutputs(_ input: BatchInput, paths: ConversionPaths, outputs: PageOutputs, photo: [UInt8]? = nil)
        throws(CodecError) -> (ImageReport, [(String, [UInt8])], VectorDrawing?)
    {
        var decodeTime = 0.0
        // Region colours are measured only for the region maps that report them.
        let candidates = ([pipeline] + alternatives).map { candidate in
            var candidate = candidate
            candidate.measuresRegionColours = outputs.regions
            return candidate
        }
        let size = candidates.map(\.settings.maxDimension).max()!
        let options = DecodeOptions(targetMaxDimension: size, maxPixels: maxPixels)
        var decoded = try timed(&decodeTime) { () throws(CodecError) -> DecodedImage in
            if let photo { return try decodeImage(photo, options: options) }
            return try decodeImage(atPath: input.path, options: options)
        }
        // With one candidate the pipeline takes the decoded pixels over and frees them once
        // preprocessed, so extraction reuses their memory (`takePixels`); `decoded` keeps
        // what the report needs.
        let results = candidates.count == 1
            ? [candidates[0].run(decoded.takePixels())]
            : candidates.map { $0.run(decoded.image) }
        let chosen = AutoPreset.best(results.map(\.fillability))!
        let result = results[chosen]
        let preset = candidates[chosen].preset
        var timings = results.dropFirst().reduce(results[0].timings) { $0 + $1.timings }
        timings.decode = decodeTime
        // Tracing, vector writing, rasterising and region maps all count as encoding.
        var files: [(String, [UInt8])] = []
        var drawing: VectorDrawing?
        var regionInfos: [RegionInfo]?
        var placement: PagePlacement?
        try timed(&timings.encode) { () throws(CodecError) -> Void in
            let page = result.lineArt
            if outputs.needsDrawing { drawing = VectorTracer().trace(page) }
            let layout = PageLayout(width: page.width, height: page.height, size: outputs.page,
                                    marginMillimetres: outputs.marginMillimetres)
            // The PNG's pixels as the report describes them: the writer below draws with these.
            var pngRaster: PageRaster?
            for format in outputs.formats {
                let bytes: [UInt8]
                switch format {
                case .png:
                    if outputs.page == .none || drawing == nil {
                        let raster = PageRaster(bitmapWidth: page.width, height: page.height, dpi: outputs.dpi)
                        bytes = try Self.pageEncoder(dpi: raster.dpi).encode(page)
                        pngRaster = raster
                    } else {
                        let raster = try PageRaster(layout: layout, dpi: outputs.dpi ?? PageOutputs.defaultPrintDPI)
                        // Pinned so that `validate` reads back the drawing measured here.
                        var printed = renderPrintBitmap(drawing!, raster: raster)
                        pinDrawingCentres(&printed, drawing: page, originX: raster.transform.tx,
                                          originY: raster.transform.ty, scale: raster.transform.a)
                        bytes = try Self.pageEncoder(dpi: raster.dpi).encode(printed)
                        pngRaster = raster
                    }
                case .svg:
                    bytes = SVGWriter().write(drawing!, layout: layout)
                case .pdf:
                    bytes = PDFWriter().write(drawing!, layout: layout)
                }
                files.append((paths.page(format), bytes))
            }
            placement = PagePlacement(layout: layout, png: pngRaster)
            if outputs.regions {
                guard let map = RegionMap(result.analysis.regions) else {
                    throw .invalidInput("\(result.analysis.regions.count) regions: a 16-bit region map holds at most \(RegionMap.maxRegions)")
                }
                files.append((paths.regionMap, try map.pngData()))
                regionInfos = map.regions
                if let colours = result.regionColours, colours.count == map.regions.count {
                    for k in regionInfos!.indices { regionInfos![k].color = colours[k] }
                }
            }
        }
        var report = ImageReport(
            input: input.path, page: paths.page(outputs.formats[0]), format: decoded.format.rawValue,
            originalSize: decoded.originalSize, processedSize: result.lineArt.size,
            orientation: decoded.orientation.rawValue, preset: preset.name, settings: preset.settings,
            fillability: result.fillability, timingsMs: timings, faces: result.faces,
            lineSource: result.lineSource,
            warnings: decoded.warnings + pageWarnings(originalSize: decoded.originalSize, pageSize: result.lineArt.size,
                                                      inkFraction: result.fillability.inkFraction))
        report.placement = placement
        if outputs.formats != [.png] { report.pages = outputs.formats.map { paths.page($0) } }
        if outputs.regions {
            report.regionMap = paths.regionMap
            report.regions = regionInfos
        }
        return (report, files, drawing)
    }
}

/// The traced page rendered onto its paper at `dpi` (1 channel, 0 ink / 255 paper).
/// - Throws: `.invalidInput` when the page would be larger than 30000 pixels a side.
package func renderPrintBitmap(_ drawing: VectorDrawing, layout: PageLayout, dpi: Double) throws(CodecError) -> ByteImage {
    renderPrintBitmap(drawing, raster: try PageRaster(layout: layout, dpi: dpi))
}

/// The traced page rendered at the size and transform of `raster` (1 channel, 0 ink / 255 paper).
package func renderPrintBitmap(_ drawing: VectorDrawing, raster: PageRaster) -> ByteImage {
    Rasterizer().render(drawing, transform: raster.transform, width: raster.width, height: raster.height)
}
