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
    let rowLength = outW * ch
    var out = FloatImage(width: outW, height: outH, channels: ch, repeating: 0)
    // Each input row is interpolated along x once, for all the output rows that read it.
    var rowA = [Float](repeating: 0, count: rowLength), rowB = rowA
    var rowAIndex = -1, rowBIndex = -1
    image.samples.withUnsafeBufferPointer { src in
        func interpolate(row: Int, into target: inout [Float]) {
            target.withUnsafeMutableBufferPointer { t in
                let base = row * inW
                for x in 0..<outW {
                    let x0 = xs.first[x], x1 = xs.second[x], fx = xs.fraction[x]
                    for c in 0..<ch {
                        let a = value(src[(base + x0) * ch + c]), b = value(src[(base + x1) * ch + c])
                        t[x * ch + c] = a + (b - a) * fx
                    }
                }
            }
        }
        out.samples.withUnsafeMutableBufferPointer { dst in
            for y in 0..<outH {
                let first = ys.first[y], second = ys.second[y], fy = ys.fraction[y]
                // Two input rows live at a time; output rows step through them in order.
                if rowAIndex != first {
                    if rowBIndex == first { swap(&rowA, &rowB); swap(&rowAIndex, &rowBIndex) } else {
                        interpolate(row: first, into: &rowA); rowAIndex = first
                    }
                }
                if rowBIndex != second { interpolate(row: second, into: &rowB); rowBIndex = second }
                rowA.withUnsafeBufferPointer { top in
                    rowB.withUnsafeBufferPointer { bottom in
                        let o = y * rowLength
                        for i in 0..<rowLength { dst[o + i] = top[i] + (bottom[i] - top[i]) * fy }
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
