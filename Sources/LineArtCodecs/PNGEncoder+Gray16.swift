import CImageCodecs

extension PNGEncoder {
    /// Encodes 16-bit grayscale samples (row-major, `width * height` values) as a 16-bit
    /// grayscale PNG (samples stored big-endian, as PNG requires), with a pHYs chunk when
    /// `dpi` is set. Used for region label maps. `pixelFormat` is ignored.
    /// - Throws: `.invalidInput` for an empty image, a sample count that does not match, or
    ///   an invalid DPI; `.corrupt` if libpng fails.
    public func encodeGray16(width: Int, height: Int, samples: [UInt16]) throws(CodecError) -> [UInt8] {
        guard width > 0, height > 0 else { throw .invalidInput("image is empty (\(width)x\(height))") }
        guard width <= 0x3fff_ffff, height <= 0x7fff_ffff else { throw .invalidInput("image too large for PNG") }
        guard samples.count == width * height else {
            throw .invalidInput("\(samples.count) samples for a \(width)x\(height) image")
        }
        var ppm: UInt32 = 0
        if let dpi {
            guard let value = Self.pixelsPerMeter(dpi: dpi) else { throw .invalidInput("invalid DPI \(dpi)") }
            ppm = value
        }
        var bytes = [UInt8](repeating: 0, count: 2 * samples.count)
        for (i, s) in samples.enumerated() {
            bytes[2 * i] = UInt8(s >> 8)
            bytes[2 * i + 1] = UInt8(s & 0xff)
        }
        var params = cic_png_write_params()
        params.width = Int32(width)
        params.height = Int32(height)
        params.bit_depth = 16
        params.color_type = 0
        params.pixels_per_meter = ppm
        params.compression_level = Int32(compressionLevel ?? -1)
        params.row_stride = 2 * width
        return try bytes.withUnsafeBufferPointer { (pointer) throws(CodecError) -> [UInt8] in
            params.rows = pointer.baseAddress
            return try Self.run(params)
        }
    }
}
