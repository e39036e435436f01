import FoundationEssentials
import Glibc
import LineArtImage

/// Eyes, nose and mouth as open strokes inside the faces of a page.
///
/// Region boundaries alone lose a face's features: eyes, nostrils and the mouth are too small
/// to survive as regions, or differ too little in colour from the skin around them. Inside
/// each face (the ellipse centred `0.05 s` below the centre of a box of side `s`, with
/// half-axes `0.45 s` across and `0.62 s` down, turned with the face's tilt), this draws the
/// strong edges of the lightness:
///
/// 1. Gaussian blur (σ = ``sigma``), Scharr gradient, non-maximum suppression;
/// 2. Canny hysteresis with `high` = the ``strongQuantile`` of the gradient magnitudes inside
///    the ellipse and `low = high / 2`, edges outside the ellipse dropped;
/// 3. chains shorter than ``minimumChainShare`` of the face side removed;
/// 4. edge pixels within `thickness + 1` pixels of the page's ink removed (the outline of the
///    face and whatever the regions already drew stay single lines);
/// 5. what is left thickened to the page's stroke and inked.
///
/// The strokes follow real edges of the photo (the sclera against the iris, lips, nostrils,
/// eyebrows) and need not close: an open stroke inside a region leaves it one region.
package struct FaceFeatureStrokes: Sendable {
    package var sigma: Float = 1.5
    package var strongQuantile: Float = 0.92
    package var minimumChainShare: Double = 0.08

    package init() {}

    /// The page with the features of `faces` inked.
    /// - Parameters:
    ///   - page: 0 ink, 255 paper.
    ///   - lightness: 1 channel, same size as `page` (any scale: thresholds are relative).
    ///   - thickness: the page's stroke width in pixels.
    package func draw(on page: ByteImage, lightness: FloatImage, faces: [FaceBox], thickness: Int) -> ByteImage {
        precondition(page.size == lightness.size && page.channels == 1 && lightness.channels == 1,
                     "page and lightness must be 1-channel images of one size")
        guard !faces.isEmpty else { return page }
        let clearance = thickness + 1
        let nearInk = dilateInk(page, by: .square(size: 2 * clearance + 1))
        var strokes = ByteImage(width: page.width, height: page.height, repeating: 255)
        for face in faces {
            let zone = FaceZone(face)
            let x0 = max(0, Int(zone.left) - 2), x1 = min(page.width, Int(zone.right) + 3)
            let y0 = max(0, Int(zone.top) - 2), y1 = min(page.height, Int(zone.bottom) + 3)
            guard x1 - x0 >= 8 && y1 - y0 >= 8 else { continue }
            let crop = lightness.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let edges = featureEdges(crop, zone: zone.shifted(x: -x0, y: -y0), side: face.size)
            for y in 0..<edges.height {
                for x in 0..<edges.width where edges[x, y] == 255 && nearInk[x0 + x, y0 + y] == 255 {
                    strokes[x0 + x, y0 + y] = 0
                }
            }
        }
        let inked = thickenInk(strokes, to: thickness)
        var result = page
        for i in result.samples.indices where inked.samples[i] == 0 { result.samples[i] = 0 }
        return result
    }

    /// Canny edges of `crop` inside `zone` (crop coordinates), short chains removed; 255 = edge.
    func featureEdges(_ crop: FloatImage, zone: FaceZone, side: Int) -> ByteImage {
        let gradient = ColorGradient(gaussianBlur(crop, sigma: sigma))
        var suppressed = nonMaximumSuppression(gradient)
        var inside = [Float]()
        for y in 0..<crop.height {
            for x in 0..<crop.width {
                if zone.contains(x: x, y: y) {
                    inside.append(gradient.magnitude[y * crop.width + x])
                } else {
                    suppressed[x, y] = 0
                }
            }
        }
        let magnitudes = FloatImage(width: inside.count, height: 1, samples: inside)
        guard let high = HysteresisThresholds.nonZeroQuantile(magnitudes, q: strongQuantile), high > 0 else {
            return ByteImage(width: crop.width, height: crop.height, repeating: 0)
        }
        let edges = hysteresis(suppressed, thresholds: HysteresisThresholds(low: high / 2, high: high))
        return removeShortChains(edges, minimumLength: max(3, Int(minimumChainShare * Double(side))))
    }
}

/// The ellipse of a face box where its features lie (see ``FaceFeatureStrokes``), turned
/// with the face.
struct FaceZone {
    var centreX, centreY, halfWidth, halfHeight: Double
    /// The face's tilt in radians (clockwise on the page).
    var angle: Double

    init(_ face: FaceBox) {
        let s = Double(face.size)
        angle = face.tilt * .pi / 180
        // 0.05 s below the box centre, along the face's own vertical.
        centreX = Double(face.x) + 0.5 * s - sin(angle) * 0.05 * s
        centreY = Double(face.y) + 0.5 * s + cos(angle) * 0.05 * s
        halfWidth = 0.45 * s
        halfHeight = 0.62 * s
    }

    /// Half the side of a square around the centre that holds the ellipse.
    private var reach: Double { angle == 0 ? halfWidth : max(halfWidth, halfHeight) }
    private var reachY: Double { angle == 0 ? halfHeight : max(halfWidth, halfHeight) }
    var left: Double { centreX - reach }
    var right: Double { centreX + reach }
    var top: Double { centreY - reachY }
    var bottom: Double { centreY + reachY }

    func shifted(x: Int, y: Int) -> FaceZone {
        var zone = self
        zone.centreX += Double(x)
        zone.centreY += Double(y)
        return zone
    }

    func contains(x: Int, y: Int) -> Bool {
        let vx = Double(x) - centreX, vy = Double(y) - centreY
        // Into the face's own axes: turn back by the tilt.
        let u = cos(angle) * vx + sin(angle) * vy, v = -sin(angle) * vx + cos(angle) * vy
        let dx = u / halfWidth, dy = v / halfHeight
        return dx * dx + dy * dy <= 1
    }
}
