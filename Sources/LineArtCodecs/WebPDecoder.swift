import CImageCodecs
import LineArtImage

/// WebP decoding through libwebp (via the C shim).
enum WebPDecoder {
    /// Lossy or lossless, with or without alpha (composited over white); an animated WebP is
    /// refused as `.unsupportedVariant`. With a `targetMaxDimension`, libwebp's scaler shrinks
    /// while decoding by the largest whole factor that keeps the longer side at or above the
    /// target (the caller resizes the rest of the way, as for JPEG). The orientation in an
    /// `EXIF` chunk is applied.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(CodecError) -> DecodedImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { throw .emptyFile }
        var info = cic_photo_info()
        var message = [CChar](repeating: 0, count: Int(CIC_MESSAGE_CAPACITY))
        let headerStatus = cic_webp_read_header(base, bytes.count, &info, &message, message.count)
        guard Shim.isOK(headerStatus) else { throw Shim.error(status: headerStatus, text: Shim.text(message), format: .webp) }
        let size = ImageSize(width: Int(info.width), height: Int(info.height))
        try options.checkPixelLimit(width: size.width, height: size.height)

        let divisor = shrinkFactor(size, target: options.targetMaxDimension)
        let outWidth = max(1, size.width / divisor), outHeight = max(1, size.height / divisor)
        let stored = WebPContainer.exifOrientation(bytes) ?? .up
        let applied = options.applyOrientation ? stored : .up
        let image = try Shim.pixels(width: outWidth, height: outHeight, channels: 3, format: .webp,
                                    message: { Shim.text(message) }) { out, count, stride in
            cic_webp_decode(base, bytes.count, Int32(outWidth), Int32(outHeight), out, count, stride,
                            &message, message.count)
        }
        return DecodedImage(image: image.oriented(applied), format: .webp, originalSize: size,
                            orientation: applied, storedOrientation: stored,
                            scaleNumerator: 1, scaleDenominator: divisor)
    }

    /// The largest whole n with the longer side / n still at least `target` (1 without a target).
    static func shrinkFactor(_ size: ImageSize, target: Int?) -> Int {
        guard let target, target > 0 else { return 1 }
        return max(1, max(size.width, size.height) / target)
    }
}
