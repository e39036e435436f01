import FoundationEssentials
import Glibc
import LineArtImage

/// Frontal faces upright or turned by up to about 25 degrees.
///
/// The cascade tolerates about 10 degrees of in-plane turn, and heads in family photos
/// lean more than that. The gray image is searched as it is and turned about its centre by
/// each angle of `tilts`, at half size (``PairMeans/turnedHalfImage(degrees:)``); a face found
/// in a turned image is mapped back with its tilt. Where boxes of different searches overlap
/// (centres closer than half the larger side) the one with more windows is kept.
/// - Returns: the boxes, largest first.
package func detectTiltedFaces(in gray: ByteImage, tilts: [Double] = leaningHeadTilts, minSize: Int,
                              minNeighbours: Int, threads: Int = 1) -> [FaceBox] {
    var found = [FaceBox]()
    let means = tilts.contains { $0 != 0 } ? PairMeans(gray) : nil
    for tilt in tilts {
        if tilt == 0 {
            found += detectFaces(in: gray, minSize: minSize, minNeighbours: minNeighbours, threads: threads)
            continue
        }
        // Searched at half size: the cascade sums blocks of 3 or more pixels at the sizes
        // searched, so halving (2×2 means) loses nothing it reads, and the turned page and its
        // integral image cost a quarter.
        let turned = means!.turnedHalfImage(degrees: tilt)
        let cx = Double(gray.width - 1) / 2, cy = Double(gray.height - 1) / 2
        let halfMin = max(1, minSize / 2)
        for box in detectFaces(in: turned, minSize: halfMin, minNeighbours: minNeighbours, threads: threads) {
            // Half-size pixel i covers full-size pixels 2i and 2i + 1 (centre 2i + ½); the
            // turned page at q shows the photo at c + R(tilt)(q − c), full-size coordinates.
            let size = 2 * box.size
            let q = (x: 2 * Double(box.x) + Double(size - 1) / 2 - cx, y: 2 * Double(box.y) + Double(size - 1) / 2 - cy)
            let p = rotate(q, degrees: tilt)
            found.append(FaceBox(x: Int((cx + p.x - Double(size - 1) / 2).rounded()),
                                 y: Int((cy + p.y - Double(size - 1) / 2).rounded()),
                                 size: size, neighbours: box.neighbours, tilt: tilt))
        }
    }
    var kept = [FaceBox]()
    for box in found.sorted(by: { ($0.neighbours, $0.size) > ($1.neighbours, $1.size) }) {
        let overlaps = kept.contains { other in
            let dx = Double(box.x - other.x) + Double(box.size - other.size) / 2
            let dy = Double(box.y - other.y) + Double(box.size - other.size) / 2
            return (dx * dx + dy * dy).squareRoot() < Double(max(box.size, other.size)) / 2
        }
        if !overlaps { kept.append(box) }
    }
    return kept.sorted { ($0.size, $0.neighbours) > ($1.size, $1.neighbours) }
}

/// The tilts a page's faces are searched at (``detectTiltedFaces(in:tilts:minSize:minNeighbours:threads:)``).
package let leaningHeadTilts: [Double] = [0, 15, -15]

/// `v` turned by `degrees` (clockwise on a page whose y grows downward).
func rotate(_ v: (x: Double, y: Double), degrees: Double) -> (x: Double, y: Double) {
    let a = degrees * .pi / 180
    return (cos(a) * v.x - sin(a) * v.y, sin(a) * v.x + cos(a) * v.y)
}

/// The means of a gray image's 2×2 pixel blocks, one per pixel corner: entry `j · width + i`
/// is the mean of the block whose shared corner is `(i + ½, j + ½)`, for `i < width − 1`,
/// `j < height − 1`. Made once and read by every turned search.
struct PairMeans {
    let width: Int
    let height: Int
    let means: [UInt8]

    init(_ gray: ByteImage) {
        let w = gray.width, h = gray.height
        width = w
        height = h
        var means = [UInt8](repeating: 0, count: w * h)
        means.withUnsafeMutableBufferPointer { m in
            gray.samples.withUnsafeBufferPointer { g in
                for j in 0..<max(0, h - 1) {
                    let top = g.baseAddress! + j * w, bottom = top + w, out = m.baseAddress! + j * w
                    for i in 0..<max(0, w - 1) {
                        let upper = UInt16(top[i]) &+ UInt16(top[i + 1])
                        let lower = UInt16(bottom[i]) &+ UInt16(bottom[i + 1])
                        out[i] = UInt8(truncatingIfNeeded: (upper &+ lower &+ 2) >> 2)
                    }
                }
            }
        }
        self.means = means
    }

    /// The image turned by `degrees` about its centre, at half size: half-size pixel `(i, j)`
    /// stands for full-size position `q = (2i + ½, 2j + ½)` and shows the photo at
    /// `c + R(degrees)(q − c)` (c the full-size centre), read from the nearest 2×2 mean (the
    /// mean nearest to position p sits at ⌊p⌋ + ½: index ⌊p⌋), positions outside clamped to
    /// the nearest edge. Source positions step in 16.16 fixed point along each row.
    func turnedHalfImage(degrees: Double) -> ByteImage {
        let w = width, h = height
        let hw = w / 2, hh = h / 2
        guard hw >= 1 && hh >= 1 else { return ByteImage(width: hw, height: hh, samples: []) }
        let cx = Double(w - 1) / 2, cy = Double(h - 1) / 2
        let one = Double(1 << 16)
        // One half-size pixel to the right is two full-size pixels.
        let step = rotate((2, 0), degrees: degrees)
        let stepX = Int((step.x * one).rounded()), stepY = Int((step.y * one).rounded())
        let maxX = max(0, w - 2) << 16, maxY = max(0, h - 2) << 16
        var out = [UInt8](repeating: 0, count: hw * hh)
        out.withUnsafeMutableBufferPointer { o in
            means.withUnsafeBufferPointer { m in
                for j in 0..<hh {
                    // Source position of the row's first pixel.
                    let start = rotate((0.5 - cx, 2 * Double(j) + 0.5 - cy), degrees: degrees)
                    var sx = Int(((cx + start.x) * one).rounded())
                    var sy = Int(((cy + start.y) * one).rounded())
                    let row = j * hw
                    for i in 0..<hw {
                        let px = min(maxX, max(0, sx)) >> 16, py = min(maxY, max(0, sy)) >> 16
                        o[row + i] = m[py * w + px]
                        sx += stepX
                        sy += stepY
                    }
                }
            }
        }
        return ByteImage(width: hw, height: hh, samples: out)
    }
}
