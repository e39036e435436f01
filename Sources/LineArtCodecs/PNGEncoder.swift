import CImageCodecs
import CPixelKernels
import LineArtImage

/// Encodes `ByteImage`s as PNG in memory with libpng (classic write API via the C shim).
public struct PNGEncoder: Sendable, Equatable {
    /// Pixel layout written to the file.
    public enum PixelFormat: Sendable, Equatable {
        /// 1-bit grayscale line art from a 1-channel image: sample < 128 → black (bit 0),
        /// otherwise white (bit 1).
        case bilevel
        /// 8-bit grayscale from a 1-channel image.
        case gray8
        /// 8-bit RGB from a 3-channel image.
        case rgb8
    }

    public var pixelFormat: PixelFormat
    /// Resolution stored in a pHYs chunk as round(dpi / 0.0254) pixels per metre; nil: no pHYs.
    public var dpi: Double?
    /// zlib level 0...9; nil: libpng's default.
    public var compressionLevel: Int?
    /// zlib's run-length strategy (`Z_RLE`): only runs of one repeated byte are matched, not
    /// earlier strings. Much faster, and for line art not much larger (see
    /// ``PhotoConverter/pageEncoder(dpi:)``).
    public var runLengthsOnly: Bool

    public init(pixelFormat: PixelFormat, dpi: Double? = nil, compressionLevel: Int? = nil,
                runLengthsOnly: Bool = false) {
        self.pixelFormat = pixelFormat
        self.dpi = dpi
        self.compressionLevel = compressionLevel
        self.runLengthsOnly = runLengthsOnly
    }

    /// Pixels per metre for a DPI value, as written to pHYs.
    public static func pixelsPerMeter(dpi: Double) -> UInt32? {
        guard dpi.isFinite, dpi > 0 else { return nil }
        let ppm = (dpi / 0.0254).rounded()
        guard ppm >= 1, ppm <= Double(UInt32.max) else { return nil }
        return UInt32(ppm)
    }

    /// Returns the complete PNG file. Throws `.invalidInput` for a zero-size image, a channel
    /// count that does not match `pixelFormat` (1 for bilevel/gray8, 3 for rgb8) or a DPI that
    /// is not a positive finite number; `.corrupt` if libpng fails.
    public func encode(_ image: ByteImage) throws(CodecError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else { throw .invalidInput("image is empty (\(image.size))") }
        let wanted = pixelFormat == .rgb8 ? 3 : 1
        guard image.channels == wanted else {
            throw .invalidInput("\(pixelFormat) PNG needs \(wanted) channel(s), image has \(image.channels)")
        }
        if pixelFormat == .bilevel {
            return try encode(packedBilevel: Self.packBilevel(image).bytes, width: image.width, height: image.height)
        }
        var params = try parameters(width: image.width, height: image.height)
        params.row_stride = image.width * image.channels
        return try image.samples.withUnsafeBufferPointer { (pointer) throws(CodecError) -> [UInt8] in
            params.rows = pointer.baseAddress
            return try Self.run(params)
        }
    }

    /// The 1-bit PNG of a `width × height` page whose rows are already packed
    /// (``packBilevelRow(_:into:)``, ``bilevelStride(width:)`` bytes each): what ``encode(_:)``
    /// writes for the unpacked page. Throws as ``encode(_:)``, and `.invalidInput` when
    /// `pixelFormat` is not ``PixelFormat/bilevel`` or `rows` is not `height` rows long.
    public func encode(packedBilevel rows: [UInt8], width: Int, height: Int) throws(CodecError) -> [UInt8] {
        guard pixelFormat == .bilevel else { throw .invalidInput("packed rows make a bilevel PNG, not \(pixelFormat)") }
        var params = try parameters(width: width, height: height)
        params.row_stride = Self.bilevelStride(width: width)
        guard rows.count == params.row_stride * height else {
            throw .invalidInput("\(rows.count) bytes are not \(height) rows of \(params.row_stride)")
        }
        return try rows.withUnsafeBufferPointer { (pointer) throws(CodecError) -> [UInt8] in
            params.rows = pointer.baseAddress
            return try Self.run(params)
        }
    }

    /// The shim's parameters for a `width × height` image in `pixelFormat`, without its rows.
    private func parameters(width: Int, height: Int) throws(CodecError) -> cic_png_write_params {
        guard width > 0, height > 0 else { throw .invalidInput("image is empty (\(width)x\(height))") }
        guard width <= 0x7fff_ffff, height <= 0x7fff_ffff else { throw .invalidInput("image too large for PNG") }
        var ppm: UInt32 = 0
        if let dpi {
            guard let value = Self.pixelsPerMeter(dpi: dpi) else { throw .invalidInput("invalid DPI \(dpi)") }
            ppm = value
        }
        var params = cic_png_write_params()
        params.width = Int32(width)
        params.height = Int32(height)
        params.bit_depth = pixelFormat == .bilevel ? 1 : 8
        params.color_type = pixelFormat == .rgb8 ? 2 : 0
        params.pixels_per_meter = ppm
        params.compression_level = Int32(compressionLevel ?? -1)
        params.run_lengths_only = runLengthsOnly ? 1 : 0
        return params
    }

    /// Bytes per row of a 1-bit image `width` pixels wide.
    public static func bilevelStride(width: Int) -> Int { (width + 7) / 8 }

    /// Packs one row of 1-channel samples to 1 bit per pixel, MSB first (sample < 128 → 0),
    /// into `out`, whose ``bilevelStride(width:)`` bytes must be zero.
    public static func packBilevelRow(_ row: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) {
        let width = row.count
        guard width > 0 else { return }
        // Sixteen pixels at a time in `cpk_pack_bits`, the rest here.
        let packed = cpk_pack_bits(row.baseAddress!, out, width)
        for x in packed..<width where row[x] >= 128 {
            out[x >> 3] |= 0x80 >> UInt8(x & 7)
        }
    }

    /// Packs a 1-channel image to 1 bit per pixel, MSB first, rows padded to whole bytes.
    static func packBilevel(_ image: ByteImage) -> (bytes: [UInt8], stride: Int) {
        let width = image.width, height = image.height
        let stride = bilevelStride(width: width)
        var packed = [UInt8](repeating: 0, count: stride * height)
        packed.withUnsafeMutableBufferPointer { out in
            image.samples.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    packBilevelRow(UnsafeBufferPointer(rebasing: src[(y * width)..<((y + 1) * width)]),
                                   into: out.baseAddress! + y * stride)
                }
            }
        }
        return (packed, stride)
    }

    /// Calls the shim and copies its malloc'd output into an array.
    static func run(_ params: cic_png_write_params) throws(CodecError) -> [UInt8] {
        var params = params
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(CIC_MESSAGE_CAPACITY))
        let status = cic_png_encode(&params, &output, &size, &message, message.count)
        defer { cic_free(output) }
        guard Shim.isOK(status), let output else {
            throw .corrupt(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
