import LineArtImage

/// How `decodeImage` decodes.
public struct DecodeOptions: Sendable, Equatable {
    /// Desired size of the longer side. JPEGs are decoded with the smallest libjpeg DCT scale
    /// k/8 (k = 1...8) whose longer output side is still >= this value, so a 20 MP photo is
    /// never decoded at full size for a small target; the caller resizes the rest of the way.
    /// WebPs are shrunk while decoding by the largest whole factor that keeps the longer side
    /// >= this value. PNG, HEIF and TIFF are always decoded at full size. nil (or <= 0): full size.
    public var targetMaxDimension: Int?
    /// Images whose header declares more than this many pixels (width * height, as stored)
    /// are refused with `CodecError.tooLarge` before any pixel buffer is allocated.
    public var maxPixels: Int
    /// Rotate / mirror JPEGs, WebPs and TIFFs upright according to their EXIF orientation (a
    /// WebP's EXIF chunk, a TIFF's Orientation tag). HEIF images are always upright: libheif
    /// applies the file's own rotation and mirror.
    public var applyOrientation: Bool
    /// Truncated-JPEG rule. libjpeg decodes a JPEG whose data ends early by filling the rest
    /// gray (warning "Premature end of JPEG file"). If the fraction of the image that had real
    /// data is below this value the decode fails with `CodecError.truncated`; otherwise the
    /// image is returned with the warnings. For progressive JPEGs a complete first scan counts
    /// as full coverage (every pixel has at least its coarse value).
    public var minimumJPEGCoverage: Double

    public init(targetMaxDimension: Int? = nil, maxPixels: Int = 100_000_000,
                applyOrientation: Bool = true, minimumJPEGCoverage: Double = 0.9) {
        self.targetMaxDimension = targetMaxDimension
        self.maxPixels = maxPixels
        self.applyOrientation = applyOrientation
        self.minimumJPEGCoverage = minimumJPEGCoverage
    }

    /// The `maxPixels` for a `--max-megapixels` limit: `megapixels` million pixels, or
    /// `Int.max` (no limit) when that many does not fit an `Int`.
    public static func maxPixels(megapixels: Int) -> Int {
        let (pixels, overflow) = megapixels.multipliedReportingOverflow(by: 1_000_000)
        return overflow ? Int.max : pixels
    }

    /// Throws `.tooLarge` if `width * height` exceeds `maxPixels` (overflow counts as too large).
    func checkPixelLimit(width: Int, height: Int) throws(CodecError) {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw .tooLarge(width: width, height: height, limit: maxPixels)
        }
    }
}

/// A decoded image and what was done to get it.
public struct DecodedImage: Sendable, Equatable {
    /// Upright pixels: 1 channel (gray) or 3 channels (RGB), 8 bits per sample.
    public var image: ByteImage
    /// The format found by signature.
    public var format: ImageFormat
    /// Size as stored in the file, before DCT scaling and before orientation.
    public var originalSize: ImageSize
    /// Orientation that was applied (`.up` if none was found or `applyOrientation` was off).
    public var orientation: EXIFOrientation
    /// Orientation recorded in the file's EXIF data (`.up` if none).
    public var storedOrientation: EXIFOrientation
    /// The decode scale is `scaleNumerator / scaleDenominator` (JPEG: k/8; WebP: 1/n; others 1/1).
    public var scaleNumerator: Int
    public var scaleDenominator: Int
    /// Non-fatal messages from libjpeg / libpng / libtiff (e.g. "Corrupt JPEG data: ...").
    public var warnings: [String]

    public var scale: Double { Double(scaleNumerator) / Double(scaleDenominator) }

    /// The pixels, leaving an empty image of the same channel count in their place (the
    /// rest stays for reports): whoever takes them can free them when done.
    public mutating func takePixels() -> ByteImage {
        let pixels = image
        image = ByteImage(width: 0, height: 0, channels: pixels.channels, samples: [])
        return pixels
    }

    public init(image: ByteImage, format: ImageFormat, originalSize: ImageSize,
                orientation: EXIFOrientation = .up, storedOrientation: EXIFOrientation = .up,
                scaleNumerator: Int = 1, scaleDenominator: Int = 1, warnings: [String] = []) {
        self.image = image
        self.format = format
        self.originalSize = originalSize
        self.orientation = orientation
        self.storedOrientation = storedOrientation
        self.scaleNumerator = scaleNumerator
        self.scaleDenominator = scaleDenominator
        self.warnings = warnings
    }
}
