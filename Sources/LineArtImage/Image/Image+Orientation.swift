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
        let (start, xStep, yStep) = orientation.pixelSteps(size)
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

extension EXIFOrientation {
    /// Where ``Image/oriented(_:)`` puts pixel `(x, y)` of an image of `size`: pixel index
    /// `start + x * xStep + y * yStep` of the upright image.
    func pixelSteps(_ size: ImageSize) -> (start: Int, xStep: Int, yStep: Int) {
        let w = size.width, h = size.height, dw = size.oriented(self).width
        switch self {
        case .up: return (0, 1, dw)
        case .mirrorHorizontal: return (w - 1, -1, dw)
        case .rotate180: return ((h - 1) * dw + w - 1, -1, -dw)
        case .mirrorVertical: return ((h - 1) * dw, 1, -dw)
        case .transpose: return (0, dw, 1)
        case .rotate90CW: return (h - 1, dw, -1)
        case .transverse: return ((w - 1) * dw + h - 1, -dw, -1)
        case .rotate270CW: return ((w - 1) * dw, -dw, 1)
        }
    }

    /// The orientation that undoes this one.
    public var inverse: EXIFOrientation {
        switch self {
        case .rotate90CW: return .rotate270CW
        case .rotate270CW: return .rotate90CW
        default: return self
        }
    }
}

extension PixelRectangle {
    /// This rectangle of an image turned upright from `orientation` (as ``Image/oriented(_:)``
    /// turns it; the upright image is `uprightSize`), in the image before the turn.
    public func unoriented(_ orientation: EXIFOrientation, uprightSize: ImageSize) -> PixelRectangle {
        guard orientation != .up, width > 0, height > 0 else { return self }
        let back = orientation.inverse, (start, xStep, yStep) = back.pixelSteps(uprightSize)
        let storedWidth = uprightSize.oriented(back).width
        let corners = [(x, y), (x + width - 1, y + height - 1)].map { point in
            let index = start + point.0 * xStep + point.1 * yStep
            return (x: index % storedWidth, y: index / storedWidth)
        }
        let x0 = min(corners[0].x, corners[1].x), y0 = min(corners[0].y, corners[1].y)
        return PixelRectangle(x: x0, y: y0, width: max(corners[0].x, corners[1].x) - x0 + 1,
                              height: max(corners[0].y, corners[1].y) - y0 + 1)
    }
}
