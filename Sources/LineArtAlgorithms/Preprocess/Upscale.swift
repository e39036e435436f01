import LineArtImage

/// The size a photo is scaled to, up or down, so that its long side is `maxDimension`
/// (the short side keeps the aspect ratio, rounded, at least 1).
///
/// Every length setting of a preset (line thickness, gap kernels, minimum region area)
/// is in working pixels, so scaling small photos up as well as large ones down gives the
/// same page for the same picture whatever its resolution.
package func workingSize(_ size: ImageSize, maxDimension: Int) -> ImageSize {
    precondition(maxDimension >= 1, "maxDimension must be at least 1")
    guard max(size.width, size.height) < maxDimension else { return fittedSize(size, maxDimension: maxDimension) }
    return scaledToLongSide(size, maxDimension)
}

/// Resizes to ``workingSize(_:maxDimension:)``: area averaging when shrinking
/// (``resizeToFitAsFloat(_:maxDimension:threads:)``), bilinear interpolation when enlarging.
package func resizeToWorkingSizeAsFloat(_ image: ByteImage, maxDimension: Int, threads: Int = 1) -> FloatImage {
    let target = workingSize(image.size, maxDimension: maxDimension)
    guard target.width > image.width || target.height > image.height else {
        return resizeToFitAsFloat(image, maxDimension: maxDimension, threads: threads)
    }
    return bilinearUpscaleToFloat(image, to: target)
}

/// Bilinear enlargement with pixel centres aligned (`source = (x + 0.5) · in/out − 0.5`,
/// clamped at the borders), as `Float` in the input's 0...255 scale.
/// - Precondition: `size` is at least the input size along both axes.
package func bilinearUpscaleToFloat(_ image: ByteImage, to size: ImageSize) -> FloatImage {
    bilinearUpscale(image, to: size) { Float($0) }
}

/// Bilinear enlargement of a float image, as ``bilinearUpscaleToFloat(_:to:)``.
package func bilinearUpscale(_ image: FloatImage, to size: ImageSize) -> FloatImage {
    bilinearUpscale(image, to: size) { $0 }
}

private func bilinearUpscale<Sample>(_ image: Image<Sample>, to size: ImageSize,
                                     _ value: (Sample) -> Float) -> FloatImage {
    precondition(size.width >= image.width && size.height >= image.height, "upscale only")
    let ch = image.channels
    let inW = image.width, inH = image.height
    let outW = size.width, outH = size.height
    let xs = BilinearTaps(input: inW, output: outW)
    let ys = BilinearTaps(input: inH, output: outH)
    var out = FloatImage(width: outW, height: outH, channels: ch, repeating: 0)
    image.samples.withUnsafeBufferPointer { src in
        out.samples.withUnsafeMutableBufferPointer { dst in
            for y in 0..<outH {
                let row0 = ys.first[y] * inW, row1 = ys.second[y] * inW
                let fy = ys.fraction[y]
                for x in 0..<outW {
                    let x0 = xs.first[x], x1 = xs.second[x]
                    let fx = xs.fraction[x]
                    let o = (y * outW + x) * ch
                    for c in 0..<ch {
                        let a = value(src[(row0 + x0) * ch + c]), b = value(src[(row0 + x1) * ch + c])
                        let d = value(src[(row1 + x0) * ch + c]), e = value(src[(row1 + x1) * ch + c])
                        let top = a + (b - a) * fx
                        let bottom = d + (e - d) * fx
                        dst[o + c] = top + (bottom - top) * fy
                    }
                }
            }
        }
    }
    return out
}

/// The two source samples and the weight of the second, for every output position of one axis.
private struct BilinearTaps {
    var first: [Int]
    var second: [Int]
    var fraction: [Float]

    init(input: Int, output: Int) {
        first = []; second = []; fraction = []
        first.reserveCapacity(output); second.reserveCapacity(output); fraction.reserveCapacity(output)
        let ratio = Double(input) / Double(output)
        for j in 0..<output {
            let s = min(Double(input - 1), max(0, (Double(j) + 0.5) * ratio - 0.5))
            let i0 = Int(s)
            let i1 = min(input - 1, i0 + 1)
            first.append(i0)
            second.append(i1)
            fraction.append(Float(s - Double(i0)))
        }
    }
}
