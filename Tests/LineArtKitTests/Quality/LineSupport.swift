@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// Line support: how much of a page's drawn line lies on a real colour edge of its photo,
/// the measure of `docs/line-support.py` in Swift, so the quality test can hold pages to it.
///
/// The photo is brought to the page's size (area averaging down, bilinear up), converted to
/// CIELAB and blurred with a Gaussian of σ 1 px; its edge strength is the Sobel gradient
/// magnitude over all three channels in ΔE*ab per pixel (the Sobel sums divided by 8, so a
/// unit step reads 1). The page's ink is thinned to 1-px lines (``thinInk(_:)``, Zhang-Suen),
/// and each line pixel counts as supported when the strongest edge within 2 px (a 5x5
/// window) reaches `minStep`. A line along an outline scores high; a line through flat
/// colour, shading or a blurred backdrop scores low. The Python script resizes with PIL's
/// bilinear filter and skeletonises with scikit-image, so the two differ by a few
/// thousandths per page.
struct LineSupport {
    /// Line pixels (after thinning) on the page.
    var linePixels: Int
    /// Line pixels within 2 px of an edge of at least `minStep` ΔE*ab per pixel.
    var supportedPixels: Int

    /// `supportedPixels / linePixels`; 1 for a page without lines.
    var share: Double { linePixels == 0 ? 1 : Double(supportedPixels) / Double(linePixels) }

    init(page: ByteImage, photo: ByteImage, minStep: Float = 4) {
        let size = page.size
        let resized = photo.width >= size.width && photo.height >= size.height
            ? areaResizeToFloat(photo, to: size)
            : bilinearUpscaleToFloat(areaResize(photo, to: ImageSize(width: min(photo.width, size.width),
                                                                      height: min(photo.height, size.height))), to: size)
        let lab = gaussianBlur(LabColor.labFromSRGB(resized), sigma: 1)
        let strength = Self.sobelMagnitude(lab)
        let lines = thinInk(page)
        let w = size.width, h = size.height
        var total = 0, supported = 0
        for y in 0..<h {
            for x in 0..<w where lines[x, y] < 128 {
                total += 1
                var strongest: Float = 0
                for yy in max(0, y - 2)...min(h - 1, y + 2) {
                    for xx in max(0, x - 2)...min(w - 1, x + 2) { strongest = max(strongest, strength[yy * w + xx]) }
                }
                if strongest >= minStep { supported += 1 }
            }
        }
        linePixels = total
        supportedPixels = supported
    }

    /// Sobel gradient magnitude of an interleaved image, all channels together, divided by 8
    /// (the kernels' weight), with the border pixels repeated outside the image.
    static func sobelMagnitude(_ image: FloatImage) -> [Float] {
        let w = image.width, h = image.height, ch = image.channels
        var out = [Float](repeating: 0, count: w * h)
        image.samples.withUnsafeBufferPointer { s in
            @inline(__always) func at(_ x: Int, _ y: Int, _ c: Int) -> Float {
                s[(min(h - 1, max(0, y)) * w + min(w - 1, max(0, x))) * ch + c]
            }
            for y in 0..<h {
                for x in 0..<w {
                    var sum: Float = 0
                    for c in 0..<ch {
                        let gx = (at(x + 1, y - 1, c) + 2 * at(x + 1, y, c) + at(x + 1, y + 1, c))
                            - (at(x - 1, y - 1, c) + 2 * at(x - 1, y, c) + at(x - 1, y + 1, c))
                        let gy = (at(x - 1, y + 1, c) + 2 * at(x, y + 1, c) + at(x + 1, y + 1, c))
                            - (at(x - 1, y - 1, c) + 2 * at(x, y - 1, c) + at(x + 1, y - 1, c))
                        sum += gx * gx + gy * gy
                    }
                    out[y * w + x] = sum.squareRoot() / 8
                }
            }
        }
        return out
    }
}
