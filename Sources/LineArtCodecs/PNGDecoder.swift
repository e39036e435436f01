import CImageCodecs
import LineArtImage

/// PNG decoding through libpng's simplified `png_image` API (via the C shim).
enum PNGDecoder {
    /// Every colour type and bit depth, interlaced or not. Gray sources become 1 channel,
    /// colour (RGB, palette) 3 channels, 8 bits per sample; alpha and tRNS are composited over
    /// white paper. The IHDR size is checked against `maxPixels` before libpng is even called.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(CodecError) -> DecodedImage {
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw .emptyFile }
        if let declared = declaredSize(bytes) {
            try options.checkPixelLimit(width: declared.width, height: declared.height)
            try checkDataCanHoldPixels(bytes, declared)
        }
        guard let decoder = cic_png_create() else { throw .corrupt("out of memory") }
        defer { cic_png_destroy(decoder) }

        var info = cic_png_info()
        let headerStatus = cic_png_read_header(decoder, base.assumingMemoryBound(to: UInt8.self), bytes.count, &info)
        guard Shim.isOK(headerStatus) else {
            throw Shim.error(status: headerStatus, message: cic_png_message(decoder))
        }
        let width = Int(info.width), height = Int(info.height), channels = Int(info.out_channels)
        try options.checkPixelLimit(width: width, height: height)
        guard let count = Shim.byteCount(width: width, height: height, channels: channels), count > 0 else {
            throw .corrupt("unexpected PNG geometry")
        }

        try Shim.checkAllocatable(count, width: width, height: height)
        var status: Int32 = 0
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = cic_png_decode(decoder, buffer.baseAddress, count, width * channels)
            initialized = Shim.isOK(status) ? count : 0
        }
        guard Shim.isOK(status) else { throw Shim.error(status: status, message: cic_png_message(decoder)) }
        let image = ByteImage(width: width, height: height, channels: channels, samples: samples)
        return DecodedImage(image: image, format: .png, originalSize: ImageSize(width: width, height: height),
                            warnings: Shim.warnings(cic_png_warnings(decoder)))
    }

    /// Deflate packs at most 1032 bytes into one (a 258-byte match costs at least 2 bits), so
    /// a file smaller than a 1032nd of its pixel data, at the header's bit depth and colour
    /// type, cannot hold the picture it announces: a header claiming 30000x30000 in 90 bytes
    /// is refused before the 2.7 GB its pixels would take are allocated.
    static func checkDataCanHoldPixels(_ bytes: UnsafeRawBufferPointer, _ size: ImageSize) throws(CodecError) {
        guard bytes.count >= 26 else { return }
        let samplesPerPixel: Int
        switch bytes[25] {  // colour type
        case 2: samplesPerPixel = 3
        case 4: samplesPerPixel = 2
        case 6: samplesPerPixel = 4
        default: samplesPerPixel = 1  // gray, palette (and invalid types, which libpng refuses)
        }
        let bitsPerPixel = max(1, Int(bytes[24])) * samplesPerPixel
        let (rowBits, o1) = size.width.multipliedReportingOverflow(by: bitsPerPixel)
        let (dataBytes, o2) = ((rowBits + 7) / 8).multipliedReportingOverflow(by: size.height)
        guard !o1, !o2 else { return }  // checkPixelLimit refuses such sizes
        if bytes.count < dataBytes / 1032 {
            throw .corrupt("the header says \(size.width)x\(size.height) pixels, but the file's \(bytes.count) bytes cannot hold them")
        }
    }

    /// Width and height from the IHDR chunk, which the PNG spec requires to come first
    /// (bytes 8..<33); nil if the bytes are too short or the chunk is not IHDR.
    static func declaredSize(_ bytes: UnsafeRawBufferPointer) -> ImageSize? {
        guard bytes.count >= 24,
              bytes[12] == 0x49, bytes[13] == 0x48, bytes[14] == 0x44, bytes[15] == 0x52 else { return nil }
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        return ImageSize(width: u32(16), height: u32(20))
    }
}
