extension Image where Sample == UInt8 {
    /// A 1-channel image: itself when already gray, otherwise Rec. 601 luma
    /// (0.299 R + 0.587 G + 0.114 B, in fixed point) of the first three channels.
    public func luma() -> ByteImage {
        guard channels >= 3 else {
            if channels == 1 { return self }
            var gray = ByteImage(width: width, height: height, repeating: 0)
            for i in 0..<pixelCount { gray.samples[i] = samples[i * channels] }
            return gray
        }
        var gray = ByteImage(width: width, height: height, repeating: 0)
        let stride = channels
        samples.withUnsafeBufferPointer { src in
            gray.samples.withUnsafeMutableBufferPointer { dst in
                for i in 0..<dst.count {
                    let r = UInt32(src[i * stride]), g = UInt32(src[i * stride + 1]), b = UInt32(src[i * stride + 2])
                    dst[i] = UInt8((r * 19595 + g * 38470 + b * 7471 + 32768) >> 16)
                }
            }
        }
        return gray
    }
}
