import Foundation

/// Frontal faces upright or turned by up to about 25 degrees.
///
/// The cascade tolerates about 10 degrees of in-plane turn, and heads in family photos
/// lean more than that. The gray image is searched as it is and turned about its centre by
/// each angle of `tilts` (``turnedImage(_:degrees:)``); a face found
/// in a turned image is mapped back with its tilt. Where boxes of different searches overlap
/// (centres closer than half the larger side) the one with more windows is kept.
/// - Returns: the boxes, largest first.
public func detectTiltedFaces(in gray: ByteImage, tilts: [Double] = [0, 15, -15], minSize: Int,
                              minNeighbours: Int, threads: Int = 1) -> [FaceBox] {
    var found = [FaceBox]()
    for tilt in tilts {
        if tilt == 0 {
            found += detectFaces(in: gray, minSize: minSize, minNeighbours: minNeighbours, threads: threads)
            continue
        }
        let turned = turnedImage(gray, degrees: tilt)
        let cx = Double(gray.width - 1) / 2, cy = Double(gray.height - 1) / 2
        for box in detectFaces(in: turned, minSize: minSize, minNeighbours: minNeighbours, threads: threads) {
            // The turned image at q shows the photo at c + R(tilt)(q − c); box centres are
            // in the same pixel coordinates as c (pixel i spans i - ½ ..< i + ½).
            let q = (x: Double(box.x) + Double(box.size - 1) / 2 - cx, y: Double(box.y) + Double(box.size - 1) / 2 - cy)
            let p = rotate(q, degrees: tilt)
            found.append(FaceBox(x: Int((cx + p.x - Double(box.size - 1) / 2).rounded()),
                                 y: Int((cy + p.y - Double(box.size - 1) / 2).rounded()),
                                 size: box.size, neighbours: box.neighbours, tilt: tilt))
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

/// `v` turned by `degrees` (clockwise on a page whose y grows downward).
func rotate(_ v: (x: Double, y: Double), degrees: Double) -> (x: Double, y: Double) {
    let a = degrees * .pi / 180
    return (cos(a) * v.x - sin(a) * v.y, sin(a) * v.x + cos(a) * v.y)
}

/// The image whose pixel q shows `gray` at `c + R(degrees)(q − c)` (c the centre), positions
/// outside clamped to the nearest edge pixel. Same size as `gray`. Each pixel is read from
/// the nearest corner of a 2×2-pixel mean of the source (corners between pixels), which
/// smooths the turned image as bilinear sampling would at a quarter of its cost; source
/// positions step in 16.16 fixed point along each row.
func turnedImage(_ gray: ByteImage, degrees: Double) -> ByteImage {
    let w = gray.width, h = gray.height
    guard w >= 2 && h >= 2 else { return gray }
    // corners[j · w + i] = mean of the 2×2 pixels whose shared corner is (i + ½, j + ½),
    // for i < w − 1, j < h − 1.
    var corners = [UInt8](repeating: 0, count: w * h)
    corners.withUnsafeMutableBufferPointer { c in
        gray.samples.withUnsafeBufferPointer { g in
            for j in 0..<(h - 1) {
                for i in 0..<(w - 1) {
                    let k = j * w + i
                    let upper = Int(g[k]) + Int(g[k + 1])
                    let lower = Int(g[k + w]) + Int(g[k + w + 1])
                    c[k] = UInt8((upper + lower + 2) >> 2)
                }
            }
        }
    }
    let a = degrees * .pi / 180
    let cx = Double(w - 1) / 2, cy = Double(h - 1) / 2
    let one = Double(1 << 16)
    let stepX = Int((cos(a) * one).rounded()), stepY = Int((sin(a) * one).rounded())
    let maxX = (w - 2) << 16, maxY = (h - 2) << 16
    var out = [UInt8](repeating: 0, count: w * h)
    out.withUnsafeMutableBufferPointer { o in
        corners.withUnsafeBufferPointer { c in
            for y in 0..<h {
                let vy = Double(y) - cy
                // Source position of the row's first pixel; each step right adds (cos, sin).
                // The corner nearest to position p sits at ⌊p⌋ + ½: index ⌊p⌋.
                var sx = Int(((cx - cos(a) * cx - sin(a) * vy) * one).rounded())
                var sy = Int(((cy - sin(a) * cx + cos(a) * vy) * one).rounded())
                let row = y * w
                for x in 0..<w {
                    let px = min(maxX, max(0, sx)) >> 16, py = min(maxY, max(0, sy)) >> 16
                    o[row + x] = c[py * w + px]
                    sx += stepX
                    sy += stepY
                }
            }
        }
    }
    return ByteImage(width: w, height: h, samples: out)
}
