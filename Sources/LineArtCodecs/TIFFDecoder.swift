import CImageCodecs
import LineArtImage

/// TIFF decoding through libtiff (via the C shim).
enum TIFFDecoder {
    /// The first image of the file, any layout libtiff's RGBA interface reads (strips or tiles,
    /// 1-16 bits, gray, palette, RGB, CMYK, YCbCr; uncompressed, LZW, Deflate, PackBits,
    /// JPEG...). Gray stays 1 channel, the rest become RGB; alpha is composited over white. The
    /// Orientation tag (EXIF's values) is applied. TIFF has no general reduced-size decode, so
    /// the image comes at full size (the caller area-downscales it, as for PNG).
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(CodecError) -> DecodedImage {
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw .emptyFile }
        guard let decoder = cic_tiff_create() else { throw .corrupt("out of memory") }
        defer { cic_tiff_destroy(decoder) }

        var info = cic_photo_info()
        let headerStatus = cic_tiff_read_header(decoder, base.assumingMemoryBound(to: UInt8.self), bytes.count, &info)
        guard Shim.isOK(headerStatus) else {
            throw Shim.error(status: headerStatus, message: cic_tiff_message(decoder), format: .tiff)
        }
        let size = ImageSize(width: Int(info.width), height: Int(info.height))
        try options.checkPixelLimit(width: size.width, height: size.height)
        let stored = EXIFOrientation(rawValue: Int(info.orientation)) ?? .up
        let applied = options.applyOrientation ? stored : .up
        let image = try Shim.pixels(width: size.width, height: size.height, channels: Int(info.out_channels),
                                    format: .tiff, message: { String(cString: cic_tiff_message(decoder)) }) { out, count, stride in
            cic_tiff_decode(decoder, out, count, stride)
        }
        return DecodedImage(image: image.oriented(applied), format: .tiff, originalSize: size,
                            orientation: applied, storedOrientation: stored,
                            warnings: Shim.warnings(cic_tiff_warnings(decoder)))
    }
}
