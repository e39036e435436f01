import LineArtImage

/// How strongly the photo changes across each pixel: the evidence a boundary runs there.
///
/// Brightness and colour gradients of CIE L*a*b* at several scales (Gaussian derivatives,
/// each scale normalised so that a step of ΔE 10 reads 10 whatever the scale), combined by
/// their power mean of exponent −2, which stays near the weakest scale: a change that shows
/// at every scale (an outline) is strong, one that shows only at the finest (texture, noise)
/// or only at the coarsest (a soft slope) is weak. Then inhibited by their own surround on
/// the quieter side of each edge
/// (``oneSidedSurroundInhibited(_:structure:sigma:offset:strength:threads:)``): an edge among
/// many edges (grass, gravel, fur) is texture, an edge with a quiet side is an outline.
/// Besides the magnitude it keeps the rate of change along x and along y, so a
/// border between two pixels side by side is weighed by the change *across* it (see
/// ``RegionBorders``): a cut along a thin limb, where the change runs the other way, is weak.
package struct BoundaryStrength: Sendable {
    package let width: Int
    package let height: Int
    /// Multi-scale colour gradient magnitude after surround inhibition, in ΔE*ab.
    package var magnitude: [Float]
    /// The part of ``magnitude`` that changes along x (weighs borders between columns).
    package var alongX: [Float]
    /// The part of ``magnitude`` that changes along y (weighs borders between rows).
    package var alongY: [Float]
}

/// The parameters of ``boundaryStrength(_:parameters:threads:)``.
package struct BoundaryStrengthParameters: Sendable, Equatable {
    /// Gaussian derivative scales in working pixels; fine scales place lines, coarse ones
    /// see soft and textured boundaries.
    package var scales: [Float]
    /// Weight of a* and b* against L* (1 = plain ΔE*ab).
    package var chromaWeight: Float
    /// Surround inhibition factor α (0 = none) and its Gaussian scale in working pixels.
    package var surroundStrength: Float
    package var surroundSigma: Float
    /// How far to each side of an edge, across it, its surround is read, in working pixels;
    /// the quieter side inhibits. 0: the surround centred on the edge.
    package var surroundOffset: Float
    /// The Gaussian σ, in working pixels, the image was already blurred by: a scale σ then
    /// reads a step through `√(σ² + inputBlur²)`, and is normalised for that.
    package var inputBlur: Float

    package init(scales: [Float], chromaWeight: Float, surroundStrength: Float, surroundSigma: Float,
                 surroundOffset: Float = 0, inputBlur: Float = 0) {
        self.scales = scales
        self.chromaWeight = chromaWeight
        self.surroundStrength = surroundStrength
        self.surroundSigma = surroundSigma
        self.surroundOffset = surroundOffset
        self.inputBlur = inputBlur
    }
}

/// The ``BoundaryStrength`` of an L*a*b* image (3 interleaved channels).
package func boundaryStrength(_ lab: FloatImage, parameters: BoundaryStrengthParameters,
                             threads: Int = 1) -> BoundaryStrength {
    precondition(lab.channels == 3, "boundary strength needs L*a*b*")
    let w = lab.width, h = lab.height, n = w * h
    var magnitude = [Float](repeating: 0, count: n)
    var alongX = [Float](repeating: 0, count: n)
    var alongY = [Float](repeating: 0, count: n)
    // Σ over the scales of 1 / strength², then their power mean; `magnitude` and the
    // directional parts sum the plain mean, which sets the directional parts' shares.
    var combined = [Float](repeating: 0, count: n)
    // The orientation of the change (structure tensor xx, yy, xy), for the one-sided surround.
    let oneSided = parameters.surroundOffset > 0 && parameters.surroundStrength > 0
    var tensor = [Float](repeating: 0, count: oneSided ? 3 * n : 0)
    guard w > 2, h > 2, !parameters.scales.isEmpty else {
        return BoundaryStrength(width: w, height: h, magnitude: magnitude, alongX: alongX, alongY: alongY)
    }
    let chroma2 = parameters.chromaWeight * parameters.chromaWeight
    // A central difference of a Gaussian-blurred unit step peaks at 1/(σ√2π) per pixel, σ
    // counting the blur the image came with (written so that no blur gives exactly `s`).
    let count = Float(parameters.scales.count)
    let inputBlur2 = parameters.inputBlur * parameters.inputBlur
    let perScale = parameters.scales.map { sigma in
        let s = max(sigma, 0.5)
        return (sigma, (2 * Float.pi).squareRoot() * s * (1 + inputBlur2 / (s * s)).squareRoot())
    }
    for (sigma, fullNorm) in perScale {
        let fullNorm2 = fullNorm * fullNorm
        // The scale's share of the plain mean.
        let norm = fullNorm / count, norm2 = norm * norm
        let blurred = gaussianBlur(lab, sigma: sigma, threads: threads)
        blurred.samples.withUnsafeBufferPointer { s in
            magnitude.withUnsafeMutableBufferPointer { m in
            alongX.withUnsafeMutableBufferPointer { ax in
            alongY.withUnsafeMutableBufferPointer { ay in
            combined.withUnsafeMutableBufferPointer { inv in
            tensor.withUnsafeMutableBufferPointer { t in
                let shared = (SharedMutablePointer(base: m.baseAddress!), SharedMutablePointer(base: ax.baseAddress!),
                              SharedMutablePointer(base: ay.baseAddress!), SharedMutablePointer(base: inv.baseAddress!),
                              oneSided ? t.baseAddress.map { SharedMutablePointer(base: $0) } : nil)
                forEachRowBand(rows: h, threads: threads) { rows in
                    let (m, ax, ay, inv, t) = (shared.0.base, shared.1.base, shared.2.base, shared.3.base, shared.4?.base)
                    for y in rows {
                        let up = max(0, y - 1) * w, down = min(h - 1, y + 1) * w, row = y * w
                        for x in 0..<w {
                            let left = row + max(0, x - 1), right = row + min(w - 1, x + 1)
                            var gxx: Float = 0, gyy: Float = 0, gxy: Float = 0
                            for c in 0..<3 {
                                let gx = 0.5 * (s[right * 3 + c] - s[left * 3 + c])
                                let gy = 0.5 * (s[(down + x) * 3 + c] - s[(up + x) * 3 + c])
                                let weight: Float = c == 0 ? 1 : chroma2
                                gxx += weight * gx * gx
                                gyy += weight * gy * gy
                                gxy += weight * gx * gy
                            }
                            if let t {
                                let k = 3 * (row + x)
                                t[k] += norm2 * gxx; t[k + 1] += norm2 * gyy; t[k + 2] += norm2 * gxy
                            }
                            // Across a border between columns the change along x counts in full
                            // up to 45 degrees off the border's normal: a diagonal boundary's
                            // staircase weighs as much as a straight one, a cut along the
                            // gradient (a limb's width) next to nothing.
                            let i = row + x, g = (gxx + gyy).squareRoot()
                            inv[i] += 1 / max(1e-6, fullNorm2 * (gxx + gyy))
                            m[i] += norm * g
                            ax[i] += norm * min(g, (2 * gxx).squareRoot())
                            ay[i] += norm * min(g, (2 * gyy).squareRoot())
                        }
                    }
                }
            }
            }
            }
            }
            }
        }
    }
    for i in 0..<n { combined[i] = magnitude[i] > 0 ? (count / combined[i]).squareRoot() : 0 }
    if parameters.surroundStrength > 0, parameters.surroundSigma > 0 {
        let plane = FloatImage(width: w, height: h, channels: 1, samples: combined)
        combined = oneSided
            ? oneSidedSurroundInhibited(plane, structure: tensor, sigma: parameters.surroundSigma,
                                        offset: parameters.surroundOffset, strength: parameters.surroundStrength,
                                        threads: threads).samples
            : surroundInhibited(plane, surroundOf: plane, sigma: parameters.surroundSigma,
                                strength: parameters.surroundStrength).samples
    }
    // The directional parts keep their share of the plain mean in what is left.
    for i in 0..<n {
        let kept = magnitude[i] > 0 ? combined[i] / magnitude[i] : 0
        alongX[i] *= kept
        alongY[i] *= kept
    }
    return BoundaryStrength(width: w, height: h, magnitude: combined, alongX: alongX, alongY: alongY)
}

extension BoundaryStrength {
    /// The strength bilinearly enlarged to `size` (at least its own along both axes); the values
    /// stay in ΔE*ab, since each scale reads a step's height whatever the pixel size.
    func enlarged(to size: ImageSize) -> BoundaryStrength {
        guard size.width != width || size.height != height else { return self }
        func plane(_ samples: [Float]) -> [Float] {
            bilinearUpscale(FloatImage(width: width, height: height, channels: 1, samples: samples), to: size).samples
        }
        return BoundaryStrength(width: size.width, height: size.height, magnitude: plane(magnitude),
                                alongX: plane(alongX), alongY: plane(alongY))
    }

    /// Scales the strength pixel by pixel by `weight` (the same size), in place.
    mutating func weigh(by weight: [Float]) {
        precondition(weight.count == magnitude.count, "weight size")
        func scale(_ samples: inout [Float]) {
            samples.withUnsafeMutableBufferPointer { s in
                for i in s.indices { s[i] *= weight[i] }
            }
        }
        scale(&magnitude)
        scale(&alongX)
        scale(&alongY)
    }
}
