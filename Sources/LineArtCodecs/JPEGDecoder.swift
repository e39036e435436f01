import CImageCodecs
import FoundationEssentials
import LineArtImage

/// JPEG decoding through the C shim (libjpeg-turbo, default ISLOW DCT and fancy upsampling).
enum JPEGDecoder {
    /// Header → pixel limit → one output allocation → scanlines straight into it → EXIF
    /// orientation. Gray stays 1 channel, YCbCr/RGB become RGB, CMYK / Adobe-inverted CMYK /
    /// YCCK are converted to RGB in C.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(CodecError) -> DecodedImage {
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw .emptyFile }
        guard let decoder = cic_jpeg_create() else { throw .corrupt("out of memory") }
        defer { cic_jpeg_destroy(decoder) }

        var info = cic_jpeg_info()
        let target = Int32(clamping: max(0, options.targetMaxDimension ?? 0))
        let headerStatus = cic_jpeg_read_header(decoder, base.assumingMemoryBound(to: UInt8.self),
                                                bytes.count, target, &info)
        guard Shim.isOK(headerStatus) else {
            throw Shim.error(status: headerStatus, message: cic_jpeg_message(decoder))
        }
        let width = Int(info.width), height = Int(info.height)
        try options.checkPixelLimit(width: width, height: height)

        var stored = EXIFOrientation.up
        if let exif = info.exif, info.exif_length > 0 {
            stored = EXIFOrientation(exifPayload: UnsafeRawBufferPointer(start: exif, count: info.exif_length)) ?? .up
        }

        let outWidth = Int(info.out_width), outHeight = Int(info.out_height), channels = Int(info.out_channels)
        guard channels == 1 || channels == 3,
              let count = Shim.byteCount(width: outWidth, height: outHeight, channels: channels), count > 0
        else { throw .corrupt("unexpected JPEG output geometry") }

        let applied = options.applyOrientation ? stored : .up

        try Shim.checkAllocatable(count, width: outWidth, height: outHeight)
        var status: Int32 = 0
        var coverage = 0.0
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = cic_jpeg_decode(decoder, buffer.baseAddress!, count, outWidth * channels, &coverage)
            initialized = Shim.isOK(status) ? count : 0
        }
        guard Shim.isOK(status) else { throw Shim.error(status: status, message: cic_jpeg_message(decoder)) }
        if coverage < options.minimumJPEGCoverage { throw .truncated }

        var image = ByteImage(width: outWidth, height: outHeight, channels: channels, samples: samples)
        image = image.oriented(applied)
        let decoded = DecodedImage(image: image, format: .jpeg, originalSize: ImageSize(width: width, height: height),
                                   orientation: applied, storedOrientation: stored,
                                   scaleNumerator: Int(info.scale_num), scaleDenominator: Int(info.scale_denom),
                                   warnings: Shim.warnings(cic_jpeg_warnings(decoder)))
        return decoded
    }
}
