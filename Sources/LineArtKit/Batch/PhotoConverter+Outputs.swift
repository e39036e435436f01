import FoundationEssentials

/// A converted photo's outcome, with its traced drawing when one was made (for booklets).
public struct PageConversion: Sendable {
    public var outcome: ConversionOutcome
    public var drawing: VectorDrawing?
    /// For a photo skipped or up to date: the report an earlier run wrote
    /// (nil when it cannot be read as one).
    public var earlierReport: ImageReport?
    /// For a photo whose earlier outputs were there: why it was converted again (they were
    /// incomplete, or made from another photo or with other settings, or `--overwrite`).
    public var reconverted: String?

    public init(outcome: ConversionOutcome, drawing: VectorDrawing? = nil, earlierReport: ImageReport? = nil,
                reconverted: String? = nil) {
        self.outcome = outcome
        self.drawing = drawing
        self.earlierReport = earlierReport
        self.reconverted = reconverted
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
    /// report, never throwing: every problem becomes `.failed(reason)`. The files are one unit
    /// (``UnitWriter``): the report, written last, records the photo, the settings and each
    /// companion file, so a later run can tell an up-to-date unit from anything else.
    ///
    /// With the default ``PageOutputs`` this writes `NAME.png` (1-bit) and `NAME.json`.
    ///
    /// A file that is the photo itself or another photo of the batch (``ConversionPaths/inputPhotos``)
    /// fails the photo before anything is written, whatever `existing` says: `--overwrite`
    /// replaces old pages, never photos. So does a file name too long for the file system.
    /// - Parameter beforeWriteStep: called before each step of writing the unit; what it
    ///   throws stops the write there (for tests: a kill or a full disk at that point).
    public func convert(_ input: BatchInput, paths: ConversionPaths, outputs: PageOutputs,
                        existing: ExistingOutputPolicy,
                        beforeWriteStep: @escaping @Sendable (UnitWriteStep) throws -> Void = { _ in }) -> PageConversion {
        let files = paths.files(for: outputs)
        let ownPhoto = InputPhotos([input])
        for file in files {
            if let problem = ownPhoto.overwriteProblem(writing: file) ?? paths.inputPhotos.overwriteProblem(writing: file)
                ?? fileNameProblem(file) {
                return PageConversion(outcome: .failed(problem))
            }
        }
        let photo = photoStamp(atPath: input.path)
        let settingsHash = settingsHash(outputs)
        let companions = Array(files.dropLast())
        let earlier = ExistingUnit.inspect(paths, planned: files)
        let stale = earlier.incompleteBecause
            ?? earlier.staleBecause(photo: photo, settingsHash: settingsHash, companions: companions)
        let reconverted: String?
        switch existing {
        case .skip where earlier.isComplete:
            return keptConversion(.skipped, input, earlier: earlier.report, paths: paths, outputs: outputs)
        case .update where earlier.isComplete && stale == nil:
            return keptConversion(.upToDate, input, earlier: earlier.report, paths: paths, outputs: outputs)
        case .overwrite:
            reconverted = earlier.isAbsent ? nil : "--overwrite"
        default:
            reconverted = stale
        }
        do {
            var (report, written, drawing) = try renderOutputs(input, paths: paths, outputs: outputs)
            report.unit = OutputUnit(
                photo: photo ?? OutputUnit.Photo(bytes: -1, modifiedSeconds: 0, modifiedNanoseconds: 0),
                settingsHash: settingsHash,
                files: written.map { OutputUnit.File(name: PathString.lastComponent($0.0), bytes: $0.1.count, sha256: sha256Hex($0.1)) })
            try UnitWriter(threads: threads, beforeStep: beforeWriteStep)
                .write(companions: written, report: [UInt8](encodeReportJSON(report)), reportPath: paths.report,
                       oldCompanions: earlier.intactCompanions.filter { file in
                           ownPhoto.overwriteProblem(writing: file) == nil && paths.inputPhotos.overwriteProblem(writing: file) == nil
                       })
            return PageConversion(outcome: .converted(report), drawing: drawing, reconverted: reconverted)
        } catch let error as CodecError {
            return PageConversion(outcome: .failed(error.description))
        } catch {
            return PageConversion(outcome: .failed("\(error)"))
        }
    }

    /// A photo left as it is (`.skipped` or `.upToDate`), with the report an earlier run
    /// wrote. A booklet needs every page's drawing: a kept page made with settings this run
    /// also has is drawn again, in memory (the pipeline is deterministic, so it is the page
    /// on disk); one made with other settings is left out of the booklet.
    private func keptConversion(_ outcome: ConversionOutcome, _ input: BatchInput, earlier: ImageReport?,
                                paths: ConversionPaths, outputs: PageOutputs) -> PageConversion {
        let ownSettings = [pipeline.settings] + alternatives.map(\.settings)
        let drawing = outputs.keepDrawing && earlier.map({ ownSettings.contains($0.settings) }) == true
            ? (try? renderOutputs(input, paths: paths, outputs: outputs))?.2 : nil
        return PageConversion(outcome: outcome, drawing: drawing, earlierReport: earlier)
    }

    /// SHA-256 of what makes the photo's files what they are: the presets tried with their
    /// settings, and the page outputs asked for.
    func settingsHash(_ outputs: PageOutputs) -> String {
        var text = "lineart report \(ImageReport.currentSchemaVersion)\n"
        for candidate in [pipeline] + alternatives {
            let settings = (try? encodeReportJSON(candidate.settings)) ?? Data()
            text += candidate.preset.name + "\n" + String(decoding: settings, as: UTF8.self)
        }
        text += "formats \(outputs.formats.map(\.rawValue)) page \(outputs.page) margin \(outputs.marginMillimetres)"
            + " dpi \(outputs.dpi.map { "\($0)" } ?? "none") regions \(outputs.regions)\n"
        return sha256Hex(Array(text.utf8))
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
        var candidates = ([pipeline] + alternatives).map { candidate in
            var candidate = candidate
            candidate.measuresRegionColours = outputs.regions
            return candidate
        }
        // `--preset auto` searches every photo for its subject, whatever its presets frame.
        let searchesSubject = candidates.count > 1 || candidates.contains(where: \.framesSubject)
        let size = decodeMaxDimension ?? LineArtPipeline.decodeLongSide(
            maxDimension: candidates.map(\.settings.maxDimension).max()!, searchesSubject: searchesSubject)
        func decode(longSide: Int) throws(CodecError) -> DecodedImage {
            let options = DecodeOptions(targetMaxDimension: longSide, maxPixels: maxPixels)
            return try timed(&decodeTime) { () throws(CodecError) -> DecodedImage in
                if let photo { return try decodeImage(photo, options: options) }
                return try decodeImage(atPath: input.path, options: options)
            }
        }
        var decoded = try decode(longSide: size)
        var photoSize = decoded.image.size
        // Found once for every candidate; its time counts as preprocessing.
        var subjectTime = 0.0
        var subject = searchesSubject
            ? timed(&subjectTime) { SubjectFinder().find(in: decoded.image, threads: threads) } : nil
        if candidates.count > 1 { candidates = AutoPreset.fitting(subject, candidates) }
        // A frame smaller than its working size in a photo shrunk on load: decoded again,
        // finer, so that the page's detail is the photo's own rather than enlarged.
        if var found = subject,
           let (candidate, frame) = candidates.lazy.compactMap({ c in c.frame(for: found, photoSize: photoSize).map { (c, $0) } }).first {
            let working = min(size, candidate.workingLongSide(shown: frame.size, photoSize: photoSize))
            let shown = max(frame.width, frame.height), decodedLong = max(photoSize.width, photoSize.height)
            let fullLong = max(decoded.originalSize.width, decoded.originalSize.height)
            let wanted = (working * decodedLong + shown - 1) / shown
            if shown < working, fullLong > decodedLong {
                decoded = try decode(longSide: min(wanted, fullLong))
                found.box = found.box.scaled(from: photoSize, to: decoded.image.size)
                photoSize = decoded.image.size
                subject = found
            }
        }
        // With one candidate the pipeline takes the decoded pixels over and frees them once
        // preprocessed, so extraction reuses their memory (`takePixels`); `decoded` keeps
        // what the report needs.
        let results = candidates.count == 1
            ? [candidates[0].run(decoded.takePixels(), subject: subject)]
            : candidates.map { $0.run(decoded.image, subject: subject) }
        let chosen = AutoPreset.best(results.map(\.fillability))!
        let result = results[chosen]
        let preset = candidates[chosen].preset
        let upright = decoded.originalSize.oriented(decoded.orientation)
        var timings = results.dropFirst().reduce(results[0].timings) { $0 + $1.timings }
        timings.decode = decodeTime
        timings.preprocess += subjectTime
        // Tracing, vector writing, rasterising and region maps all count as encoding.
        var files: [(String, [UInt8])] = []
        var drawing: VectorDrawing?
        var regionInfos: [RegionInfo]?
        var placement: PagePlacement?
        try timed(&timings.encode) { () throws(CodecError) -> Void in
            let page = result.lineArt
            if outputs.needsDrawing { drawing = VectorTracer.page.trace(page) }
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
                        bytes = try Self.pageEncoder(dpi: raster.dpi)
                            .encode(packedBilevel: printedRows(drawing!, raster: raster, pinning: page),
                                    width: raster.width, height: raster.height)
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
            warnings: decoded.warnings)
        report.placement = placement
        report.subject = subject.map { found in
            var inPhoto = found
            inPhoto.box = found.box.scaled(from: photoSize, to: upright)
            return inPhoto
        }
        report.frame = result.frame?.scaled(from: photoSize, to: upright)
        report.emptyFrame = result.emptyFrame?.scaled(from: photoSize, to: upright)
        report.warnings += report.warningsForThePage
        if outputs.formats != [.png] { report.pages = outputs.formats.map { paths.page($0) } }
        if outputs.regions {
            report.regionMap = paths.regionMap
            report.regions = regionInfos
        }
        return (report, files, drawing)
    }
}

/// The traced page rendered at the size and transform of `raster` (1 channel, 0 ink / 255 paper).
package func renderPrintBitmap(_ drawing: VectorDrawing, raster: PageRaster) -> ByteImage {
    Rasterizer().render(drawing, transform: raster.transform, width: raster.width, height: raster.height)
}

/// ``renderPrintBitmap(_:raster:)`` with the centres of the bitmap it was traced from
/// (`pinning`) pinned (``pinDrawingCentres(_:drawing:originX:originY:scale:)``), so that
/// `validate` reads back the drawing measured; as the 1-bit rows of its PNG
/// (``PNGEncoder/packBilevelRow(_:into:)``), made row by row: a page at 300 dpi is
/// 8.7 million pixels, an eighth of that packed.
package func printedRows(_ drawing: VectorDrawing, raster: PageRaster, pinning bitmap: ByteImage) -> [UInt8] {
    let stride = PNGEncoder.bilevelStride(width: raster.width)
    let pins = DrawingCentrePins(drawing: bitmap, pageWidth: raster.width, pageHeight: raster.height,
                                 originX: raster.transform.tx, originY: raster.transform.ty, scale: raster.transform.a)
    var packed = [UInt8](repeating: 0, count: stride * raster.height)
    packed.withUnsafeMutableBufferPointer { out in
        Rasterizer().renderRows(drawing, transform: raster.transform, width: raster.width, height: raster.height) { y, row in
            pins?.pin(row: y, row)
            PNGEncoder.packBilevelRow(UnsafeBufferPointer(row), into: out.baseAddress! + y * stride)
        }
    }
    return packed
}
