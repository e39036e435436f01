/// Every knob of the pipeline. The range, default and meaning of each field are
/// declared exactly once, in ``LineArtSettings/specs``, which is also what
/// validates values, parses `--set key=value`, drives `tune`'s search space and
/// prints the docs.
public struct LineArtSettings: Sendable, Equatable, Hashable {
    /// Longest side of the working image, in pixels. See ``specs``.
    public var maxDimension: Int
    /// Scales the edge thresholds: higher keeps fewer, stronger edges.
    public var contrastAdjustment: Double
    /// Final stroke width in pixels.
    public var thickness: Int
    /// Whether a second, larger closing seals gaps between line ends.
    public var closeLargeGaps: Bool
    /// Kernel of that larger closing: gaps up to this many pixels are sealed.
    public var largeGapKernel: Int
    /// Mid-tone contrast curve before extraction (1 = unchanged).
    public var contrastBoost: Double
    /// Gaussian blur sigma in pixels before extraction (0 = none).
    public var blurAmount: Double
    /// Smallest paper region, in pixels, a finger can comfortably tap.
    public var minRegionArea: Int
    /// Merge paper regions smaller than `minRegionArea` into their neighbours.
    public var simplifyRegions: Bool
    /// Ink specks smaller than this many pixels are erased.
    public var minSpeckArea: Int
    /// Radius of the edge-preserving (Kuwahara) denoising before extraction (0 = off).
    public var denoise: Int
    /// The extraction engine, by name (see `ExtractionEngines`).
    public var engine: String
    /// Whether faces found on the page get their eyes, nose and mouth drawn.
    public var faceFeatures: Bool
    /// Regions engine: how many segments its merging keeps (the page's level of detail);
    /// 0 derives it from the preset's fillability targets.
    public var regionTarget: Int
    /// What the page shows: `photo` (all of it) or `subject` (framed on what the photo is
    /// about, when it has a clear subject).
    public var frame: String
    /// Regions engine: whether small shapes much darker than their surroundings (pupils, a
    /// nose) are drawn as solid ink instead of being merged away.
    public var darkSpots: Bool

    /// The defaults: every field takes the `defaultValue` of its spec in ``specs``.
    public init() {
        // Placeholders only; the loop below gives each field its one documented default.
        maxDimension = 0; contrastAdjustment = 0; thickness = 0; closeLargeGaps = false
        largeGapKernel = 0; contrastBoost = 0; blurAmount = 0; minRegionArea = 0
        simplifyRegions = false; minSpeckArea = 0; denoise = 0; engine = ""; faceFeatures = false
        regionTarget = 0; frame = ""; darkSpots = false
        for spec in Self.specs {
            spec.resetToDefault(&self)
        }
    }
}

extension LineArtSettings {
    /// The spec table: one line per field with its range, default and meaning.
    public static var specs: [SettingSpec] {
        [
            .int("maxDimension", \.maxDimension, 256...1024, default: 768,
                 "Longest side of the working image in pixels: larger photos are area-averaged down to it, smaller ones enlarged to it, so line widths and region sizes mean the same on every photo. Larger keeps finer detail and more regions."),
            .double("contrastAdjustment", \.contrastAdjustment, 1.0...3.0, default: 2.0,
                    "Scales the edge-detection thresholds derived from each photo (edges engine), or the boundary strength a line needs (regions engine: a change of 1.8 x contrastAdjustment dE along the whole border). Higher keeps fewer, stronger lines; lower keeps fainter ones."),
            .int("thickness", \.thickness, 1...8, default: 2,
                 "Width of the final strokes in pixels at the working size."),
            .bool("closeLargeGaps", \.closeLargeGaps, default: true,
                  "Run a second closing with largeGapKernel after sealing 1-pixel gaps, so outlines with small breaks still enclose their region. Edges engine and traced drawings only: the regions engine's outlines are closed by construction and are not closed again."),
            .int("largeGapKernel", \.largeGapKernel, 1...15, default: 3,
                 "Gaps between line ends up to this many pixels are sealed when closeLargeGaps is on (edges engine and traced drawings). Cost does not grow with the kernel."),
            .double("contrastBoost", \.contrastBoost, 1.0...3.0, default: 1.0,
                    "Strength of the mid-tone contrast curve applied before extraction; 1 leaves tones unchanged."),
            .double("blurAmount", \.blurAmount, 0.0...10.0, default: 0.0,
                    "Gaussian blur sigma in pixels before extraction; suppresses texture at the cost of fine detail."),
            .int("minRegionArea", \.minRegionArea, 0...100_000, default: 500,
                 "Smallest paper region in pixels that counts as tappable (tapUsability), and the merge threshold of simplifyRegions."),
            .bool("simplifyRegions", \.simplifyRegions, default: false,
                  "Merge paper regions smaller than minRegionArea into a neighbour by removing the ink between them: few, big regions."),
            .int("minSpeckArea", \.minSpeckArea, 0...10_000, default: 12,
                 "Ink components smaller than this many pixels are erased as specks."),
            .int("denoise", \.denoise, 0...6, default: 3,
                 "Radius in pixels of the edge-preserving Kuwahara filter that flattens texture (grass, fur, hair) before extraction; 0 turns it off."),
            .choice("engine", \.engine, ["edges", "regions"], default: "edges",
                    "Extraction engine: edges (colour-aware gradient, non-maximum suppression, hysteresis) or regions (boundary strength at three scales, watershed regions merged across weak borders, boundaries drawn: closed by construction)."),
            .bool("faceFeatures", \.faceFeatures, default: true,
                  "Find faces looking at the camera (at least a tenth of the page across, upright or leaning up to about 25 degrees) and draw their eyes, brows, nose and mouth as open strokes; the report lists the faces. Off: no face search."),
            .int("regionTarget", \.regionTarget, 0...1000, default: 0,
                 "Regions engine: the most regions a page may have, for simpler pages: the weakest borders keep merging until no more are left. It never adds lines: a photo with fewer shapes gives fewer regions (lower contrastAdjustment for fainter boundaries). 0: the maximum of the preset's fillability targets."),
            .choice("frame", \.frame, ["photo", "subject"], default: "photo",
                    "What the page shows: photo (all of it) or subject (cropped to the photo's subject, found by faces, focus and contrast against the border, with a margin and a 1:1.41 aspect; the whole photo when it has no clear subject)."),
            .bool("darkSpots", \.darkSpots, default: false,
                  "Regions engine: draw a shape too small to colour that is near black, clear of the page's edge and much darker than the regions around it (a pupil, a nose, a ladybird's spot) as solid ink, as colouring books do, instead of merging it away. Off: such shapes merge into a neighbour like any region too small to colour."),
        ]
    }

    /// The spec of the field called `name`, if any.
    public static func spec(named name: String) -> SettingSpec? {
        specs.first { $0.name == name }
    }

    /// The range of the integer setting called `name` in ``specs``.
    static func intRange(of name: String) -> ClosedRange<Int> {
        guard case .int(let range)? = spec(named: name)?.domain else { preconditionFailure("no integer setting \(name)") }
        return range
    }

    /// The range of the number setting called `name` in ``specs``.
    static func doubleRange(of name: String) -> ClosedRange<Double> {
        guard case .double(let range)? = spec(named: name)?.domain else { preconditionFailure("no number setting \(name)") }
        return range
    }

    /// Checks every field against its range.
    /// - Throws: ``SettingsError/outOfRange(field:value:range:)`` for the first field out of range.
    public func validate() throws(SettingsError) {
        for spec in Self.specs {
            try spec.validate(in: self)
        }
    }

    /// Sets the field called `key` from its textual form, as in `--set key=value`.
    /// - Throws: ``SettingsError`` naming the key, the value and the accepted range.
    public mutating func set(_ key: String, to text: String) throws(SettingsError) {
        guard let spec = Self.spec(named: key) else {
            throw .unknownKey(key, known: Self.specs.map(\.name))
        }
        try spec.assign(text, to: &self)
    }
}
