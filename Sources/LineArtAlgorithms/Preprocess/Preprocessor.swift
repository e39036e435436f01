import LineArtImage

/// Options of the preprocessing stage. Each is documented with its range and default.
public struct PreprocessOptions: Sendable, Equatable {
    /// Long side of the working image in pixels, 256...1024 (default 768). Larger inputs are
    /// area-averaged down; smaller ones are enlarged only with `enlargeSmallPhotos`.
    public var maxDimension: Int
    /// Whether photos smaller than `maxDimension` are enlarged to it (bilinear), so that
    /// length settings in working pixels mean the same on every photo (default false; the
    /// pipeline sets it).
    public var enlargeSmallPhotos: Bool
    /// Whether uniform margins along the photo's edges (a scan's border, a letterbox bar;
    /// see ``uniformMargins(_:maxFraction:tolerance:)``) are cut off first, so they do not
    /// become a frame on the page (default false; the pipeline sets it).
    public var trimMargins: Bool
    /// Extra Gaussian smoothing: the sigma in pixels at the working size, 0...10 (default 0 = no blur).
    public var blurAmount: Float
    /// Mid-tone contrast boost `k`, 1.0...3.0 (default 1 = identity), applied to L* with
    /// `ContrastCurve` (`y = x^k / (x^k + (1-x)^k)` on `x = L*/100`).
    public var contrastBoost: Float
    /// Kuwahara denoising radius, 0...6 (default 3; 0 = off). Flattens texture
    /// (grass, fur, hair) while keeping object boundaries sharp.
    public var denoiseRadius: Int
    /// Number of Kuwahara passes, 1...4 (default 1). Ignored when `denoiseRadius == 0`.
    public var denoisePasses: Int
    /// Threads for the row-band-parallel steps (resize, Lab, Kuwahara, contrast curve), 1 = the calling
    /// thread only. The result is the same for any value; only the time changes.
    public var threads: Int
    /// The narrowest tonal range (L* from the 1st to the 99th percentile) a photo is drawn
    /// with: a narrower one is widened to it (``ToneStretch``). 0 (the default) leaves every
    /// photo as it is; the pipeline sets ``ToneStretch/defaultMinRange``.
    public var minToneRange: Float

    public init(maxDimension: Int = 768, blurAmount: Float = 0, contrastBoost: Float = 1,
                denoiseRadius: Int = 3, denoisePasses: Int = 1, threads: Int = 1,
                enlargeSmallPhotos: Bool = false, trimMargins: Bool = false, minToneRange: Float = 0) {
        self.threads = max(1, threads)
        self.enlargeSmallPhotos = enlargeSmallPhotos
        self.trimMargins = trimMargins
        self.minToneRange = minToneRange
        self.maxDimension = maxDimension
        self.blurAmount = blurAmount
        self.contrastBoost = contrastBoost
        self.denoiseRadius = denoiseRadius
        self.denoisePasses = denoisePasses
    }

    /// Gaussian sigma in working pixels derived from `blurAmount` (clamped to 0...10).
    public var blurSigma: Float { min(10, max(0, blurAmount)) }
}

/// The working planes the extraction engines read.
public struct PreprocessedImage: Sendable {
    /// CIE L*a*b* (D65), 3 interleaved channels: L* in 0...100, a*, b* roughly -128...127.
    /// Denoised, blurred and contrast-curved.
    public var lab: FloatImage
    /// Perceptual lightness `L*/100` in `0...1`, 1 channel (same geometry as `lab`).
    public var luminance: FloatImage
    /// Whether the subject is darker or lighter than the background
    /// (``detectPolarity(luminance:borderFraction:tolerance:)`` of `luminance`), worked out
    /// when asked: no extraction engine reads it, so no photo pays for it on the way to its page.
    package var polarity: Polarity { detectPolarity(luminance: luminance) }
    /// Size of the original input before resizing.
    public var originalSize: ImageSize
    /// L* (0...100) of the photo before denoising, blur and the contrast curve, 1 channel:
    /// thin dark outlines are still there (``LineDrawing``). At the working size, or, for a
    /// photo enlarged to the working size, at its own size (after margin trimming). nil
    /// when the planes were made without it.
    public var sharpLightness: FloatImage?
    /// Where the page spends its detail: a weight in 0...1 per working pixel on the boundary
    /// strength (1 channel, the working size), low on a blurred background so that its
    /// borders merge first (``backgroundDetailWeight(_:size:subject:floor:threads:)``); nil: alike everywhere.
    public var detail: FloatImage?
    /// How the photo's tonal range was widened before anything else (``ToneStretch``):
    /// `lab`, `luminance` and `sharpLightness` are all of the stretched photo.
    public var tone: ToneStretch

    public init(lab: FloatImage, luminance: FloatImage, originalSize: ImageSize, sharpLightness: FloatImage? = nil,
                tone: ToneStretch = .identity) {
        precondition(lab.channels == 3 && luminance.channels == 1 && lab.size == luminance.size,
                     "lab must be 3-channel and luminance 1-channel of the same size")
        self.lab = lab
        self.luminance = luminance
        self.originalSize = originalSize
        self.sharpLightness = sharpLightness
        self.tone = tone
    }

    /// Working size (after resizing).
    public var size: ImageSize { lab.size }
    public var width: Int { lab.width }
    public var height: Int { lab.height }
}

/// Preprocesses a decoded photo into working planes.
///
/// Steps, in order: uniform margins cut off when `trimMargins`; area-averaging downscale to `maxDimension` (exact means, kept as
/// floats; small photos enlarged bilinearly instead when `enlargeSmallPhotos`) → sRGB to CIE Lab → a narrow
/// tonal range widened (``ToneStretch``, `minToneRange`; its L* kept as `sharpLightness`) → Kuwahara denoise (`denoiseRadius`, `denoisePasses`) →
/// Gaussian blur (`σ = blurAmount` working pixels) → contrast S-curve on L* (`contrastBoost`) →
/// luminance plane `L*/100` (``PreprocessedImage/polarity`` is worked out from it when asked).
/// - Parameter image: RGB (3-channel) or gray (1-channel) bytes, upright.
/// - Precondition: the image has 1 or 3 channels and at least one pixel.
public func preprocess(_ image: ByteImage, options: PreprocessOptions = PreprocessOptions()) -> PreprocessedImage {
    precondition(image.channels == 1 || image.channels == 3, "preprocess expects gray or RGB")
    precondition(image.width > 0 && image.height > 0, "empty image")
    let threads = max(1, options.threads)
    let radius = max(0, options.denoiseRadius), passes = max(1, options.denoisePasses)
    let margins = options.trimMargins ? uniformMargins(image) : Margins()
    let photo = trimming(image, margins: margins)
    let resized = options.enlargeSmallPhotos
        ? resizeToWorkingSizeAsFloat(photo, maxDimension: max(1, options.maxDimension), threads: threads)
        : resizeToFitAsFloat(photo, maxDimension: max(1, options.maxDimension), threads: threads)
    var lab = LabColor.labFromSRGB(resized, threads: threads)
    let tone = ToneStretch(of: lab, minRange: options.minToneRange)
    tone.apply(to: &lab, threads: threads)
    // An enlarged photo keeps its sharp L* at its own size: interpolation would blur
    // a drawing's 1 px outlines into soft bands (see LineDrawing).
    let enlarged = resized.width > photo.width || resized.height > photo.height
    var sharpLightness = enlarged ? LabColor.labFromSRGB(photo).channel(0) : lab.channel(0)
    if enlarged { tone.apply(toLightness: &sharpLightness) }
    lab = kuwaharaFilter(lab, radius: radius, passes: passes, threads: threads)
    lab = gaussianBlur(lab, sigma: options.blurSigma)
    ContrastCurve(boost: options.contrastBoost).apply(to: &lab, channel: 0, scale: 100, threads: threads)
    let w = lab.width
    let lum = [Float](unsafeUninitializedCapacity: lab.pixelCount) { l, count in
        lab.samples.withUnsafeBufferPointer { s in
            let out = SharedMutablePointer(base: l.baseAddress!)
            forEachRowBand(rows: lab.height, threads: threads) { rows in
                for i in (rows.lowerBound * w)..<(rows.upperBound * w) { out.base[i] = min(1, max(0, s[3 * i] * 0.01)) }
            }
        }
        count = lab.pixelCount
    }
    let luminance = FloatImage(width: lab.width, height: lab.height, channels: 1, samples: lum)
    return PreprocessedImage(lab: lab, luminance: luminance, originalSize: image.size, sharpLightness: sharpLightness,
                             tone: tone)
}
