import Foundation
import LineArtKit

enum TestImages {
    /// A 3-channel L*a*b* image whose pixel (x, y) is `colour(x, y)`.
    static func lab(width: Int, height: Int, _ colour: (Int, Int) -> (Float, Float, Float)) -> FloatImage {
        var image = FloatImage(width: width, height: height, channels: 3, repeating: 0)
        for y in 0..<height {
            for x in 0..<width {
                let (l, a, b) = colour(x, y)
                image[x, y, 0] = l; image[x, y, 1] = a; image[x, y, 2] = b
            }
        }
        return image
    }

    /// RGB image of `background` with an axis-aligned filled rectangle `[x0, x1) × [y0, y1)`.
    static func rectangle(width: Int, height: Int, x0: Int, y0: Int, x1: Int, y1: Int,
                          fill: (UInt8, UInt8, UInt8), background: (UInt8, UInt8, UInt8)) -> ByteImage {
        var img = ByteImage(width: width, height: height, channels: 3, repeating: 0)
        for y in 0..<height {
            for x in 0..<width {
                let inside = x >= x0 && x < x1 && y >= y0 && y < y1
                let c = inside ? fill : background
                img[x, y, 0] = c.0; img[x, y, 1] = c.1; img[x, y, 2] = c.2
            }
        }
        return img
    }

    /// Random scene: a background, several random rectangles and discs of random colours,
    /// plus uniform noise of ±`noise` per sample.
    static func randomScene(width: Int, height: Int, seed: UInt64, shapes: Int = 8, noise: Int = 12) -> ByteImage {
        var rng = SplitMix64(seed: seed)
        var img = ByteImage(width: width, height: height, channels: 3, repeating: 0)
        let bg = (UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                  UInt8.random(in: 0...255, using: &rng))
        var plane = [(UInt8, UInt8, UInt8)](repeating: bg, count: width * height)
        for _ in 0..<shapes {
            let color = (UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                         UInt8.random(in: 0...255, using: &rng))
            let cx = Int.random(in: 0..<width, using: &rng), cy = Int.random(in: 0..<height, using: &rng)
            let r = Int.random(in: 4...max(5, min(width, height) / 3), using: &rng)
            let disc = Bool.random(using: &rng)
            for y in max(0, cy - r)..<min(height, cy + r) {
                for x in max(0, cx - r)..<min(width, cx + r) {
                    if !disc || (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r {
                        plane[y * width + x] = color
                    }
                }
            }
        }
        for i in 0..<(width * height) {
            let c = plane[i]
            for (k, v) in [c.0, c.1, c.2].enumerated() {
                let n = Int.random(in: -noise...noise, using: &rng)
                img.samples[i * 3 + k] = UInt8(clamping: Int(v) + n)
            }
        }
        return img
    }

    /// sRGB code value (0...255, fractional) of a linear-light value.
    static func srgbCode(linear v: Double) -> Float {
        let e = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        return Float(e * 255)
    }
}
