import CImageCodecs
import LineArtImage

/// HEIC / HEIF decoding through libheif (via the C shim).
enum HEIFDecoder {
    /// The primary image, upright: libheif applies the file's own transformations (rotation,
    /// mirror, crop), which the HEIF spec makes authoritative over any EXIF orientation, so
    /// none is applied on top. The size from the container is checked against `maxPixels`
    /// before a pixel is decoded. HEVC has no cheap reduced-size decode, so the image comes
    /// at full size (the caller area-downscales it, as for PNG).
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(CodecError) -> DecodedImage {
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw .emptyFile }
        guard let decoder = cic_heif_create() else { throw .corrupt("out of memory") }
        defer { cic_heif_destroy(decoder) }

        var info = cic_photo_info()
        let headerStatus = cic_heif_read_header(decoder, base.assumingMemoryBound(to: UInt8.self), bytes.count, &info)
        guard Shim.isOK(headerStatus) else {
            throw Shim.error(status: headerStatus, message: cic_heif_message(decoder), format: .heif)
        }
        let size = ImageSize(width: Int(info.width), height: Int(info.height))
        try options.checkPixelLimit(width: size.width, height: size.height)
        // libheif allocates the decoded RGB(A) itself: ask malloc first, as for our own buffers.
        guard let decodedBytes = Shim.byteCount(width: size.width, height: size.height, channels: 4) else {
            throw .tooLarge(width: size.width, height: size.height, limit: options.maxPixels)
        }
        try Shim.checkAllocatable(decodedBytes, width: size.width, height: size.height)

        var width: Int32 = 0, height: Int32 = 0
        let status = cic_heif_decode(decoder, &width, &height)
        guard Shim.isOK(status) else { throw Shim.error(status: status, message: cic_heif_message(decoder), format: .heif) }
        try options.checkPixelLimit(width: Int(width), height: Int(height))
        let image = try Shim.pixels(width: Int(width), height: Int(height), channels: 3, format: .heif,
                                    message: { String(cString: cic_heif_message(decoder)) }) { out, count, stride in
            cic_heif_copy(decoder, out, count, stride)
        }
        return DecodedImage(image: image, format: .heif, originalSize: size)
    }
}
