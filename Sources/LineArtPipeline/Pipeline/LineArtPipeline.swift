import LineArtImage
import LineArtAlgorithms

/// The staged pipeline: preprocess → extract → post-process → validate.
///
/// Decoding and encoding belong to ``PhotoConverter``; this type works on pixels,
/// so tests and benchmarks can drive each stage directly.
public struct LineArtPipeline: Sendable {
    public let preset: LineArtPreset
    public var settings: LineArtSettings { preset.settings }
    let engine: any ExtractionEngine
    /// Threads one photo may use for its row-band-parallel steps (1 = the calling thread).
    /// Batches set it to the cores left idle by photo-level parallelism; results do not depend on it.
    public var threads = 1
    /// Whether a run also measures each paper region's colour in the photo
    /// (``PipelineResult/regionColours``, one more pass over the labels), which only region
    /// maps report; off, the result has none.
    public var measuresRegionColours = false

    /// - Throws: ``SettingsError`` when a setting is out of range or the engine is unknown.
    public init(preset: LineArtPreset) throws(SettingsError) {
        try preset.settings.validate()
        guard let engine = ExtractionEngines.named(preset.settings.engine) else {
            throw .invalidValue(field: "engine", value: preset.settings.engine,
                                expected: "one of " + ExtractionEngines.names.joined(separator: ", "))
        }
        self.preset = preset
        self.engine = engine
    }

    /// Whether pages are framed on the photo's subject (the `frame` setting).
    public var framesSubject: Bool { Self.framesSubject(settings) }

    /// Whether pages of `settings` are framed on the photo's subject.
    public static func framesSubject(_ settings: LineArtSettings) -> Bool { settings.frame == "subject" }

    /// The least long side a photo whose subject is searched for is decoded at: the subject
    /// finder's detail copy. Its focus test reads sharpness per pixel, so a JPEG shrunk on load
    /// to a small preset's size and a PNG of the same photo would otherwise show it different detail.
    public static let subjectDecodeSide = SubjectFinder().detailSide

    /// The long side a photo is decoded at (shrink-on-load) for pages of `maxDimension`: that,
    /// and at least ``subjectDecodeSide`` when its subject is searched for.
    public static func decodeLongSide(maxDimension: Int, searchesSubject: Bool) -> Int {
        searchesSubject ? max(maxDimension, subjectDecodeSide) : maxDimension
    }

    /// ``decodeLongSide(maxDimension:searchesSubject:)`` for a pipeline of `settings` alone,
    /// which searches for the subject when it frames on it.
    public static func decodeLongSide(for settings: LineArtSettings) -> Int {
        decodeLongSide(maxDimension: settings.maxDimension, searchesSubject: framesSubject(settings))
    }

    /// The part of a photo of `photoSize` this preset's page shows: the ``SubjectFrame`` of
    /// `subject` when the preset frames on it; nil for the whole photo.
    public func frame(for subject: Subject?, photoSize: ImageSize) -> PixelRectangle? {
        guard framesSubject, let subject else { return nil }
        return SubjectFrame().frame(subject.box, in: photoSize)
    }

    /// The validator for this preset's targets and minimum region area.
    public var validator: FillabilityValidator {
        FillabilityValidator(targets: preset.profile.targets, minRegionArea: settings.minRegionArea)
    }

    /// Converts an upright photo (RGB or gray) to line art and validates it. The photo's
    /// pixels are released once preprocessed (when the caller passed its last reference:
    /// ``DecodedImage/takePixels()``), so the later stages reuse their memory.
    ///
    /// A preset that frames on the subject (``framesSubject``) finds it first
    /// (``SubjectFinder``) and runs on the part of the photo its ``frame(for:photoSize:)`` shows.
    public func run(_ photo: consuming ByteImage) -> PipelineResult {
        var subjectTime = 0.0
        let subject = framesSubject ? timed(&subjectTime) { SubjectFinder().find(in: photo, threads: threads) } : nil
        var result = run(photo, subject: subject)
        result.timings.preprocess += subjectTime
        return result
    }

    /// ``run(_:)`` with the subject already found (or nil: none), as `--preset auto` does once
    /// for every preset it tries.
    ///
    /// A frame whose page holds no subject (``showsNoSubject(_:)``: the subject finder took a
    /// patch of shading or grain for one) is dropped, and the page shows the whole photo as
    /// it would with no subject; the result names the dropped frame (``PipelineResult/emptyFrame``).
    public func run(_ photo: consuming ByteImage, subject: Subject?) -> PipelineResult {
        guard let frame = frame(for: subject, photoSize: photo.size) else {
            return run(photo, subject: subject, frame: nil)
        }
        let whole = copy photo
        let framed = run(photo, subject: subject, frame: frame)
        guard Self.showsNoSubject(framed.fillability, targets: preset.profile.targets) else { return framed }
        var result = run(whole, subject: nil, frame: nil)
        result.timings = result.timings + framed.timings
        result.emptyFrame = frame
        return result
    }

    /// Whether a page framed on a subject shows none: its lines enclose no region (every one
    /// reaches the frame's edge), and they cut it into fewer than a fifth of the count the
    /// preset aims for at least (into two at most for the toddler preset's few big shapes,
    /// whose real subjects often reach the edge), so nothing in the frame stood out.
    static func showsNoSubject(_ page: FillabilityResult, targets: FillabilityTargets) -> Bool {
        page.closedRegionCount == 0 && page.regionCount < max(3, targets.minRegions / 5)
    }

    /// The page of the part of `photo` that `frame` shows (the whole photo when nil), with the
    /// background of a subject in focus weighed down.
    private func run(_ photo: consuming ByteImage, subject: Subject?, frame: PixelRectangle?) -> PipelineResult {
        var timings = StageTimings()
        let shown = frame ?? PixelRectangle(photo.size)
        let longSide = workingLongSide(shown: shown.size, photoSize: photo.size)
        if let frame { photo = photo.cropped(to: frame) }
        var prepared = timed(&timings.preprocess) { preprocess(photo, maxDimension: longSide) }
        _ = consume photo
        if framesSubject, let subject, subject.cue == .focus, let sharp = prepared.sharpLightness {
            // A subject in focus: its blurred background gets few, big shapes.
            let box = PixelRectangle(x: subject.box.x - shown.x, y: subject.box.y - shown.y,
                                     width: subject.box.width, height: subject.box.height)
                .scaled(from: shown.size, to: prepared.size)
            prepared.detail = timed(&timings.preprocess) {
                backgroundDetailWeight(sharp, size: prepared.size, subject: box, threads: threads)
            }
        }
        // A page framed on faces that it does not find upright shows them lying turned.
        var result = run(prepared, timings: timings, alsoTurnedFaces: subject?.cue == .face)
        result.frame = frame
        return result
    }

    /// The stages after preprocessing, timed into `timings`.
    private func run(_ prepared: PreprocessedImage, timings: StageTimings, alsoTurnedFaces: Bool) -> PipelineResult {
        var timings = timings
        let (ink, faces, source) = timed(&timings.extract) {
            extractAndDetectFaces(prepared, alsoTurnedFaces: alsoTurnedFaces)
        }
        let page = timed(&timings.postprocess) {
            withSolidInk(source == .drawing
                ? postprocessDrawing(ink.lines)
                : drawFaceFeatures(on: postprocess(ink.lines), prepared, faces: faces), ink.solid)
        }
        let (analysis, colours) = timed(&timings.validate) {
            var context = SuggestionContext(preset.settings, lineSource: source)
            context.countCurve = ink.countCurve
            let analysis = validator.analyze(page, suggestionContext: context)
            return (analysis, measuresRegionColours ? LineArtAlgorithms.regionColours(analysis.regions, lab: prepared.lab, tone: prepared.tone) : nil)
        }
        return PipelineResult(lineArt: page, analysis: analysis, faces: faces, lineSource: source, timings: timings,
                              regionColours: colours)
    }

    /// Stage 1: resize to `maxDimension`, blur, contrast curve, denoise.
    public func preprocess(_ photo: ByteImage) -> PreprocessedImage {
        preprocess(photo, maxDimension: settings.maxDimension)
    }

    /// Stage 1 with the working image's long side at `maxDimension`.
    func preprocess(_ photo: ByteImage, maxDimension: Int) -> PreprocessedImage {
        var options = PreprocessOptions(settings)
        options.maxDimension = maxDimension
        options.threads = threads
        return LineArtAlgorithms.preprocess(photo, options: options)
    }

    /// The long side of the working image of the part of a photo of `photoSize` a page
    /// shows (`shown`): `maxDimension`, or less for a frame that would have more pixels than
    /// the whole photo has at `maxDimension`, so that a framed page has as many as a whole one.
    package func workingLongSide(shown: ImageSize, photoSize: ImageSize) -> Int {
        let longSide = settings.maxDimension
        let budget = workingSize(photoSize, maxDimension: longSide).pixelCount
        let framed = workingSize(shown, maxDimension: longSide).pixelCount
        guard framed > budget else { return longSide }
        var side = max(1, Int(Double(longSide) * (Double(budget) / Double(framed)).squareRoot()))
        // The short side is rounded, and rounded up it can take the page over the budget.
        while side > 1 && workingSize(shown, maxDimension: side).pixelCount > budget { side -= 1 }
        return side
    }

    /// Stage 2: the preset's extraction engine; 1-px-ish lines, 0 on 255 (without the solid
    /// ink of ``extractInk(_:)``, which ``run(_:)`` lays on the page after post-processing).
    public func extract(_ image: PreprocessedImage) -> ByteImage {
        engine.extract(image, parameters: ExtractionParameters(settings, targets: preset.profile.targets),
                       threads: threads)
    }

    /// Stage 3, in this order: seal micro-gaps (closing, kernel 1); close larger gaps
    /// (kernel `largeGapKernel`) when `closeLargeGaps`; thicken to `thickness`; hard
    /// threshold; erase ink specks under `minSpeckArea`; when `simplifyRegions`, merge
    /// paper regions under `minRegionArea` into their neighbours. When the engine draws
    /// only region boundaries, which have no gaps, the two closings are skipped, strips of
    /// paper narrower than two strokes merge too, and the ink that then separates nothing
    /// is erased.
    public func postprocess(_ lines: ByteImage) -> ByteImage {
        let boundaries = engine.drawsRegionBoundaries
        var page = closedAndThickened(lines, closingGaps: !boundaries)
        if settings.simplifyRegions {
            page = mergeSmallRegions(page, minArea: settings.minRegionArea, thickness: settings.thickness,
                                     keepShare: smallShapeShare, fillBelow: settings.minSpeckArea,
                                     minPaperWidth: boundaries ? 2 * settings.thickness : 0,
                                     eraseLooseInk: boundaries, threads: threads)
        }
        return page
    }

    /// The first steps of ``postprocess(_:)``: micro-gaps sealed and larger gaps closed
    /// (when `closingGaps`), strokes thickened, thresholded, ink specks under `minSpeckArea`
    /// erased.
    ///
    /// The boundaries of an engine that segments (``ExtractionEngine/drawsRegionBoundaries``)
    /// have no gaps: closing them only fills the paper where two lines run close or meet at
    /// a sharp angle, leaving black wedges and blots on the page. Those pages skip it, and
    /// the strips of paper between close lines merge away instead (`minPaperWidth`).
    private func closedAndThickened(_ lines: ByteImage, closingGaps: Bool = true) -> ByteImage {
        var page = lines
        if closingGaps {
            page = closeInkGaps(page, kernel: 1, threads: threads)
            if settings.closeLargeGaps && settings.largeGapKernel > 1 {
                page = closeInkGaps(page, kernel: settings.largeGapKernel, threads: threads)
            }
        }
        page = thickenInk(page, to: settings.thickness, threads: threads)
        page = hardThreshold(page)
        return removeSmallObjects(page, minArea: settings.minSpeckArea, threads: threads)
    }

    /// Stages 2 and 2b: a line drawing's own outlines (``drawnOutlines(_:)``), or else the
    /// engine's lines and the faces. With two threads or more the faces are searched on a
    /// thread of their own while the engine runs: much of the engine runs on one thread.
    func extractAndDetectFaces(_ image: PreprocessedImage, alsoTurnedFaces: Bool)
        -> (ink: ExtractedInk, faces: [FaceBox], source: LineSource) {
        if let drawing = drawnInk(image) { return (drawing, [], .drawing) }
        guard threads >= 2, settings.faceFeatures else {
            return (extractInk(image), detectFaces(image, alsoTurned: alsoTurnedFaces), .engine)
        }
        let faces = startOnSecondThread { [self] in detectFaces(image, alsoTurned: alsoTurnedFaces, threads: 1) }
        let ink = extractInk(image)
        return (ink, faces.wait(), .engine)
    }

    /// Stage 2 with the engine's solid ink (``ExtractedInk``), which goes on the page after
    /// post-processing (``withSolidInk(_:_:)``).
    func extractInk(_ image: PreprocessedImage) -> ExtractedInk {
        engine.extractInk(image, parameters: ExtractionParameters(settings, targets: preset.profile.targets),
                          threads: threads)
    }

    /// `page` with ink wherever `solid` has ink (dark spots); `page` itself when there are none.
    func withSolidInk(_ page: ByteImage, _ solid: ByteImage?) -> ByteImage {
        guard let solid, solid.size == page.size else { return page }
        var inked = page
        for i in inked.samples.indices where solid.samples[i] == 0 { inked.samples[i] = 0 }
        return inked
    }

    /// Stage 2, for a picture drawn with dark outlines (``LineDrawing``): those outlines
    /// as 1-px lines; nil for a photo (or planes made without ``PreprocessedImage/sharpLightness``).
    public func drawnOutlines(_ image: PreprocessedImage) -> ByteImage? {
        image.sharpLightness.flatMap { LineDrawing().outlinesIfDrawing($0, size: image.size) }
    }

    /// ``drawnOutlines(_:)`` with the drawing's small dark fills (a pupil) as solid ink.
    func drawnInk(_ image: PreprocessedImage) -> ExtractedInk? {
        image.sharpLightness.flatMap { LineDrawing().inkIfDrawing($0, size: image.size) }
    }

    /// Stage 3 for a drawing's outlines: the gap closing, thickening and speck removal of
    /// ``postprocess(_:)``, and paper pin-holes under `minSpeckArea` filled. No region is
    /// merged: every shape the drawing outlines stays, however far below `minRegionArea`
    /// (an eye, a fin), and so do its open strokes (a mouth). Merging a small region erases
    /// the ink it shares with its neighbour, which is the drawing's own outline; tried with
    /// regions under an eighth of `minRegionArea` merged, the toddler fish lost its eye and
    /// two fins.
    public func postprocessDrawing(_ lines: ByteImage) -> ByteImage {
        mergeSmallRegions(closedAndThickened(lines), minArea: settings.minSpeckArea,
                          thickness: settings.thickness, fillBelow: settings.minSpeckArea, threads: threads)
    }

    /// Stage 2b (when `faceFeatures`): frontal faces in the preprocessed lightness, upright
    /// or leaning by up to about 25 degrees, at least ``minimumFaceSize(width:height:)``
    /// pixels across (OpenCV's LBP frontal-face cascade, clusters of more than
    /// `faceNeighbours` windows; see ``detectTiltedFaces(in:tilts:minSize:minNeighbours:threads:)``)
    /// whose middle looks like skin in a photo with colour (``SkinTest``), and that the same
    /// search finds on the page mirrored too: texture the cascade takes for a face (fur, a
    /// rock face) rarely passes both ways, and its features would be scribbles; a face found
    /// one way only would also get its features on a photo and not on its mirror image.
    /// With `alsoTurned` and no upright face, faces lying sideways or upside down
    /// (``detectTurnedFaces(in:skin:tilts:halfSize:minSize:minNeighbours:threads:)``), as the
    /// same searches on the page turned: a page framed on faces (``SubjectFinder``) that lie
    /// turned gets their features. Three times the search, so only then.
    public func detectFaces(_ image: PreprocessedImage, alsoTurned: Bool = false) -> [FaceBox] {
        detectFaces(image, alsoTurned: alsoTurned, threads: threads)
    }

    /// ``detectFaces(_:alsoTurned:)`` on `threads` threads (the same faces for any count).
    func detectFaces(_ image: PreprocessedImage, alsoTurned: Bool, threads: Int) -> [FaceBox] {
        guard settings.faceFeatures else { return [] }
        let minSize = minimumFaceSize(width: image.width, height: image.height)
        guard min(image.width, image.height) >= minSize else { return [] }
        let gray = grayBytes(image.luminance), skin = SkinTest(lab: image.lab)
        var upright = skin.faces(detectTiltedFaces(in: gray, minSize: minSize, minNeighbours: faceNeighbours,
                                                   threads: threads))
        if !upright.isEmpty {
            let mirrored = detectTiltedFaces(in: gray.oriented(.mirrorHorizontal), minSize: minSize,
                                             minNeighbours: faceNeighbours, threads: threads)
                .map { $0.unoriented(.mirrorHorizontal, uprightSize: gray.size) }
            upright = upright.filter { face in mirrored.contains(where: face.isSameFace) }
        }
        guard alsoTurned, upright.isEmpty,
              let turned = detectTurnedFaces(in: gray, skin: skin, tilts: leaningHeadTilts, halfSize: false,
                                             minSize: minSize, minNeighbours: faceNeighbours, threads: threads)
        else { return upright }
        let turnedSize = gray.size.oriented(turned.turn)
        return turned.faces.map { $0.unoriented(turned.turn, uprightSize: turnedSize) }
    }

    /// Stage 3b: eyes, nose and mouth of `faces` as open strokes (``FaceFeatureStrokes``).
    public func drawFaceFeatures(on page: ByteImage, _ image: PreprocessedImage, faces: [FaceBox]) -> ByteImage {
        FaceFeatureStrokes().draw(on: page, lightness: image.luminance, faces: faces, thickness: settings.thickness)
    }

    /// The smallest face whose features a page draws: a tenth of the page's longer side, and
    /// 16 strokes across (smaller faces would turn into blots of ink).
    func minimumFaceSize(width: Int, height: Int) -> Int {
        max(16 * settings.thickness, max(width, height) / 10)
    }

    /// How many small regions a page may keep, per region of tappable size: half of what
    /// the preset's tap target allows (`(1 − minTap) / minTap`), so a page keeps its spots
    /// and eyes and still clears the target.
    var smallShapeShare: Double {
        let minTap = preset.profile.targets.minTap
        return minTap > 0 ? 0.75 * (1 - minTap) / minTap : 0
    }
}

/// What the pipeline made of one photo.
public struct PipelineResult: Sendable {
    /// The page: 1 channel, 0 ink, 255 paper, at the working size.
    public var lineArt: ByteImage
    /// The fillability result and the paper regions it was computed from.
    public var analysis: FillabilityAnalysis
    /// The faces whose features the page draws, in pixels of the page.
    public var faces: [FaceBox]
    /// Where the page's lines come from: the extraction engine, or a drawing's own outlines.
    public var lineSource: LineSource
    /// Preprocess, extract, post-process and validate times (decode and encode are 0).
    public var timings: StageTimings
    /// The photo's colour in each paper region (``regionColours(_:lab:tone:)``), label `k` at
    /// index `k - 1`, when the pipeline ``LineArtPipeline/measuresRegionColours``; nil when
    /// it does not, or when the page and the preprocessed photo differ in size.
    public var regionColours: [SRGBColour]?
    /// The part of the photo the page shows (``LineArtPipeline/frame(for:photoSize:)``), in
    /// the photo's pixels; nil for the whole photo.
    public var frame: PixelRectangle? = nil
    /// The frame on the subject that was tried first and dropped because its page held no
    /// subject (``LineArtPipeline/run(_:subject:)``); nil when none was.
    public var emptyFrame: PixelRectangle? = nil

    public var fillability: FillabilityResult { analysis.result }
}

/// Where a page's lines come from.
public enum LineSource: String, Sendable, Equatable, Codable {
    /// The preset's extraction engine (a photo).
    case engine
    /// The outlines of a picture drawn with dark lines (``LineDrawing``).
    case drawing
}

extension FillabilityProfile {
    /// The targets this profile stands for.
    public var targets: FillabilityTargets {
        switch self {
        case .standard: return .standard
        case .toddler: return .toddler
        }
    }
}

extension SuggestionContext {
    /// The settings of `preset` the suggestions talk about; `segmentBoundaries` when their
    /// engine draws the boundaries of a segmentation, and then the `regionTarget` in effect
    /// for the preset's targets.
    public init(_ preset: LineArtPreset) {
        self.init(preset.settings, lineSource: .engine)
    }

    /// The context of a page made with `settings` whose lines came from `lineSource`: a
    /// traced drawing's lines are gap-closed and no segments are merged, whatever the engine.
    public init(_ settings: LineArtSettings, lineSource: LineSource) {
        let segments = ExtractionEngines.named(settings.engine)?.drawsRegionBoundaries ?? false
        self.init(settings: settings, segmentBoundaries: segments && lineSource == .engine)
    }
}


