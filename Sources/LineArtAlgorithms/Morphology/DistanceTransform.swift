import LineArtImage

/// Exact Euclidean distance transform (Felzenszwalb & Huttenlocher, "Distance Transforms of
/// Sampled Functions", Theory of Computing 2012), in linear time.
///
/// Pass 1 runs down the columns (as two row-major sweeps, so memory is read contiguously)
/// and gives each pixel the 1-D distance to the nearest target in its column. Pass 2 runs
/// along each row and takes the lower envelope of the parabolas `(x - p)² + f(p)`.
/// All arithmetic is integer: the envelope's breakpoints are kept as exact fractions, so the
/// result is exact (no floating-point ties).
///
/// Results are **squared** distances in pixels², as `Int32`. Pixels of the image that have
/// no target at all (only possible when the image has no target pixel) get
/// `DistanceTransform.unreachable` (`Int32.max`). Only targets inside the image count.
public enum DistanceTransform {
    /// Value of every pixel when the image contains no target pixel.
    package static let unreachable: Int32 = .max

    /// Squared Euclidean distance from every pixel to the nearest pixel whose sample equals
    /// `target` (default 0 = ink). Target pixels get 0. `image` must have 1 channel.
    public static func squaredEuclidean(_ image: ByteImage, toValue target: UInt8 = 0) -> Image<Int32> {
        precondition(image.channels == 1, "distance transform needs a 1-channel image")
        return image.samples.withUnsafeBufferPointer { src in
            squaredEuclidean(width: image.width, height: image.height) { src[$0] == target }
        }
    }

    /// Squared Euclidean distance from every pixel to the nearest pixel for which
    /// `isTarget(index)` is true, `index = y * width + x`. `isTarget` is called once per pixel.
    /// Use this for label images (e.g. "distance to the nearest pixel outside region L" gives
    /// the largest inscribed circle of L as the square root of the region's maximum).
    public static func squaredEuclidean(
        width: Int, height: Int, isTarget: (Int) -> Bool
    ) -> Image<Int32> {
        precondition(width >= 0 && height >= 0, "bad geometry")
        precondition(width == 0 || height == 0
                     || (width - 1) * (width - 1) + (height - 1) * (height - 1) < Int(Int32.max),
                     "image too large for Int32 squared distances")
        var result = Image<Int32>(width: width, height: height, repeating: 0)
        guard width > 0, height > 0 else { return result }
        result.samples.withUnsafeMutableBufferPointer { out in
            compute(width: width, height: height, out: out.baseAddress!, isTarget: isTarget)
        }
        return result
    }

    /// Writes squared distances into `out` (`width * height` values).
    @inline(__always)
    static func compute(
        width w: Int, height h: Int, out: UnsafeMutablePointer<Int32>, isTarget: (Int) -> Bool
    ) {
        let inf = unreachable
        // Pass 1a: downward sweep, distance to the nearest target at or above.
        for x in 0..<w { out[x] = isTarget(x) ? 0 : inf }
        if h > 1 {
            for y in 1..<h {
                let row = out + y * w, up = out + (y - 1) * w, base = y * w
                for x in 0..<w {
                    if isTarget(base + x) {
                        row[x] = 0
                    } else {
                        let u = up[x]
                        row[x] = u == inf ? inf : u + 1
                    }
                }
            }
            // Pass 1b: upward sweep, take the nearest target below if closer.
            var y = h - 2
            while y >= 0 {
                let row = out + y * w, down = out + (y + 1) * w
                for x in 0..<w {
                    let d = down[x]
                    if d != inf && d + 1 < row[x] { row[x] = d + 1 }
                }
                y -= 1
            }
        }
        // Square the column distances.
        for i in 0..<(w * h) {
            let d = out[i]
            if d != inf { out[i] = d * d }
        }

        // Pass 2: lower envelope of parabolas along each row.
        // f: the row's input; v: envelope parabola apexes; zNum/zDen: breakpoint z[k] =
        // zNum[k] / zDen[k] where parabola v[k] starts to be the lowest (zDen > 0).
        let f = UnsafeMutablePointer<Int>.allocate(capacity: w)
        let v = UnsafeMutablePointer<Int>.allocate(capacity: w)
        let zNum = UnsafeMutablePointer<Int>.allocate(capacity: w)
        let zDen = UnsafeMutablePointer<Int>.allocate(capacity: w)
        defer { f.deallocate(); v.deallocate(); zNum.deallocate(); zDen.deallocate() }
        let infInt = Int(inf)
        for y in 0..<h {
            let row = out + y * w
            var k = -1
            for q in 0..<w {
                let fq = Int(row[q])
                f[q] = fq
                if fq == infInt { continue }  // no target in this column: never on the envelope
                let cq = fq + q * q
                while true {
                    if k < 0 { k = 0; v[0] = q; break }
                    let p = v[k]
                    // Intersection of parabolas p and q: s = num / den, den > 0.
                    let num = cq - (f[p] + p * p)
                    let den = 2 * (q - p)
                    if k > 0 && num * zDen[k] <= zNum[k] * den {
                        k -= 1  // parabola p is nowhere strictly lowest: drop it
                        continue
                    }
                    k += 1
                    v[k] = q; zNum[k] = num; zDen[k] = den
                    break
                }
            }
            if k < 0 { continue }  // whole row unreachable; already `inf`
            var j = 0
            for q in 0..<w {
                while j < k && zNum[j + 1] < q * zDen[j + 1] { j += 1 }  // z[j+1] < q
                let p = v[j]
                let dx = q - p
                row[q] = Int32(truncatingIfNeeded: dx * dx + f[p])
            }
        }
    }
}
