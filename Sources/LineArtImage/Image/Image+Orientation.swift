extension Image {
    /// Returns the image transformed so that a picture stored with EXIF `orientation` looks
    /// upright (2 mirror H, 3 rotate 180, 4 mirror V, 5 transpose, 6 rotate 90 CW,
    /// 7 transverse, 8 rotate 270 CW). Orientations 5-8 swap width and height.
    ///
    /// One pass: source rows are read sequentially and each pixel is written to its
    /// destination through a precomputed start offset and x/y steps; works for any channel
    /// count. `.up` returns `self` without copying. Specialised for bytes and floats: called
    /// from other modules, the generic copy would move each sample through its type's witness.
    @_specialize(where Sample == UInt8)
    @_specialize(where Sample == Float)
    public func oriented(_ orientation: EXIFOrientation) -> Image<Sample> {
        if orientation == .up { return self }
        let w = width, h = height, c = channels
        let upright = size.oriented(orientation), dw = upright.width, dh = upright.height
        if w == 0 || h == 0 { return Image(width: dw, height: dh, channels: c, samples: samples) }
        // Destination pixel index of source (x, y) is start + x * xStep + y * yStep.
        let start: Int, xStep: Int, yStep: Int
        switch orientation {
        case .up: (start, xStep, yStep) = (0, 1, dw)
        case .mirrorHorizontal: (start, xStep, yStep) = (w - 1, -1, dw)
        case .rotate180: (start, xStep, yStep) = ((h - 1) * dw + w - 1, -1, -dw)
        case .mirrorVertical: (start, xStep, yStep) = ((h - 1) * dw, 1, -dw)
        case .transpose: (start, xStep, yStep) = (0, dw, 1)
        case .rotate90CW: (start, xStep, yStep) = (h - 1, dw, -1)
        case .transverse: (start, xStep, yStep) = ((w - 1) * dw + h - 1, -dw, -1)
        case .rotate270CW: (start, xStep, yStep) = ((w - 1) * dw, -dw, 1)
        }
        let count = samples.count
        let transformed = [Sample](unsafeUninitializedCapacity: count) { destination, initialized in
            samples.withUnsafeBufferPointer { source in
                guard let src = source.baseAddress, let dst = destination.baseAddress else { return }
                for y in 0..<h {
                    var s = src + y * w * c
                    var d = y * yStep + start
                    switch c {
                    case 1:
                        for _ in 0..<w {
                            (dst + d).initialize(to: s.pointee)
                            s += 1
                            d += xStep
                        }
                    case 3:
                        for _ in 0..<w {
                            let o = dst + d * 3
                            o.initialize(to: s[0])
                            (o + 1).initialize(to: s[1])
                            (o + 2).initialize(to: s[2])
                            s += 3
                            d += xStep
                        }
                    default:
                        for _ in 0..<w {
                            (dst + d * c).initialize(from: s, count: c)
                            s += c
                            d += xStep
                        }
                    }
                }
            }
            initialized = count
        }
        return Image(width: dw, height: dh, channels: c, samples: transformed)
    }
}

extension ImageSize {
    /// The size of an image of this size once turned upright from EXIF `orientation`
    /// (5-8 swap width and height).
    public func oriented(_ orientation: EXIFOrientation) -> ImageSize {
        orientation.swapsDimensions ? ImageSize(width: height, height: width) : self
    }
}
