import LineArtImage

/// Pictures drawn with dark outlines (a cartoon, clip art, a colouring-book scan) keep their
/// own outlines.
///
/// The regions engine draws the borders between colour areas. On a drawing those are the
/// shading gradients inside its shapes, and its black outlines are thin strips that the
/// preset's denoising and blur wipe out at small working sizes: the toddler page of a
/// cartoon fish lost its eye, mouth and fins. A drawing already is a line drawing, so its
/// page is its own outlines.
///
/// **Recognising a drawing** (``isLineDrawing(depth:lightness:)``), on the photo's lightness L*
/// at the working size before any smoothing: *dark lines* are pixels at least
/// ``gateDepth`` darker than the lightest pixel within 2 px (``lineDepth(_:radius:)``) and
/// darker than L* ``gateLightness``. A picture is a drawing when its dark lines cover at
/// least ``minLineShare`` of it and at least ``minOutlinedShare`` of its strong edges
/// (Sobel step of L* over ``edgeStep`` per pixel) lie within 2 px of a dark line: in a
/// drawing nearly every edge is an outline. On the 13 sample photos at 256 px at most 55% of
/// the strong edges are (the building's window frames), on the cartoon fish 92%; at 512 and
/// 768 px the photos stay at or under 50%. And at most ``maxNearLineShare`` of the picture
/// lies within 2 px of a dark line: dense texture with dark gaps is no drawing. And at most
/// ``maxDarkShare`` of it is darker than L* ``gateLightness``: a drawing is dark lines on a
/// lighter picture, while a spotted or striped animal's every edge is also its dark marks'.
/// And at least ``minLongLineShare`` of its dark lines lie in strokes whose bounding box
/// spans 1/20 of its long side (at least 8 px): a drawing's outlines are long strokes, a
/// photo's dark marks spots and fragments.
///
/// **The lines** (``outlines(depth:lightness:)``): pixels at least ``lineDepth`` darker than
/// their surroundings and darker than L* ``lineLightness`` (looser than the test, so an
/// outline keeps going where it runs along a dark fill), closed with a 3x3 square (a thin
/// diagonal outline passes the test only at every other pixel), thinned to 1 px
/// (``thinInk(_:)``), chains shorter than 1/20 of the long side (at least 8 px) dropped.
/// Post-processing closes gaps and thickens them like any page's lines.
///
/// **Dark fills** (``darkFills(_:lineRadius:)``): a dark area wider than a line (a pupil, a
/// nostril, a button) has no outline of its own; the small ones go on the page as solid ink,
/// as a colouring book draws pupils. Without them the cartoon fish's eye was an empty ring.
///
/// A picture smaller than the working size is tested and traced at its own size (its
/// outlines would be soft bands wider than the 5 px window once enlarged), and the traced
/// lines are enlarged to the page.
package struct LineDrawing: Sendable {
    package var gateDepth: Float = 25
    package var gateLightness: Float = 45
    package var lineDepth: Float = 10
    package var lineLightness: Float = 50
    package var edgeStep: Float = 8
    package var minOutlinedShare: Double = 0.8
    package var minLineShare: Double = 0.005
    /// A drawing's lines enclose shapes: most of it lies more than 2 px from a line. Grain,
    /// gravel or a heap of seeds, dark gaps between small light bits, is near one almost
    /// everywhere (a sack of corn at 385 px: 42%; the cartoon fish 19%).
    package var maxNearLineShare: Double = 0.3
    /// The cartoon fish is 13% dark. The dev photos whose strong edges are 80% or more beside
    /// dark marks are 38-78% dark (a cheetah's crop 75%, zebras 41%, which drew as a page of
    /// their spots and stripes).
    package var maxDarkShare: Double = 0.3
    /// The cartoon fish's dark lines lie 93-95% in long strokes (at 256 and 768 px). The
    /// dev photos that passed the other tests (since their dim tones are stretched): an
    /// ocelot's spots on rock 20-41%, a temple's carvings 40-59%, twigs by a gannet's nest
    /// 22-28%.
    package var minLongLineShare: Double = 0.8

    /// The smallest and largest dark fill drawn solid, as shares of the picture (the fish's
    /// pupil: 0.13%; smaller dark patches are shading caught beside an outline).
    package var minFillShare: Double = 0.0005
    package var maxFillShare: Double = 0.01
    package var fillLightness: Float = 25

    /// The radius of the window ``lineDepth(_:radius:)`` reads a picture at its own size with:
    /// lines are narrower than it.
    static let lineRadius = 2

    package init() {}

    /// The drawing's outlines (``outlinesIfDrawing(_:size:)``) and its small dark fills
    /// (``darkFills(_:lineRadius:)``) as solid ink, both 0 on 255 of `size`; nil for a photo.
    package func inkIfDrawing(_ lightness: FloatImage, size: ImageSize? = nil) -> ExtractedInk? {
        guard let page = pageIfDrawing(lightness, size: size) else { return nil }
        return ExtractedInk(lines: outlines(depth: page.depth, lightness: page.lightness),
                            solid: darkFills(page.lightness, lineRadius: page.radius))
    }

    /// The drawing's outlines as 1-px lines (0 ink on 255) of `size` when `lightness`
    /// (L* 0...100, 1 channel) is a line drawing; nil for a photo.
    /// - Parameter size: the page's size; by default `lightness`'s own. A picture smaller
    ///   than its page is tested at its own size, where its outlines are crisp, and traced
    ///   on its L* enlarged to the page (``atPageSize(depth:lightness:size:)``).
    package func outlinesIfDrawing(_ lightness: FloatImage, size: ImageSize? = nil) -> ByteImage? {
        pageIfDrawing(lightness, size: size).map { outlines(depth: $0.depth, lightness: $0.lightness) }
    }

    /// ``atPageSize(depth:lightness:size:)`` of a line drawing; nil for a photo.
    private func pageIfDrawing(_ lightness: FloatImage, size: ImageSize?)
        -> (depth: [Float], lightness: FloatImage, radius: Int)? {
        let depth = LineArtAlgorithms.lineDepth(lightness, radius: Self.lineRadius)
        guard isLineDrawing(depth: depth, lightness: lightness) else { return nil }
        return atPageSize(depth: depth, lightness: lightness, size: size ?? lightness.size)
    }

    /// The test described above; `depth` is ``lineDepth(_:radius:)`` of `lightness`.
    func isLineDrawing(depth: [Float], lightness: FloatImage) -> Bool {
        let w = lightness.width, h = lightness.height, n = w * h
        guard w >= 3, h >= 3 else { return false }
        var dark = ByteImage(width: w, height: h, repeating: 255)
        var darkCount = 0, darkArea = 0
        lightness.samples.withUnsafeBufferPointer { l in
            dark.samples.withUnsafeMutableBufferPointer { d in
                for i in 0..<n where l[i] < gateLightness {
                    darkArea += 1
                    if depth[i] > gateDepth {
                        d[i] = 0
                        darkCount += 1
                    }
                }
            }
        }
        guard Double(darkCount) >= minLineShare * Double(n), Double(darkArea) <= maxDarkShare * Double(n) else {
            return false
        }
        let nearDark = dilateInk(dark, by: .square(size: 5))
        var edges = 0, outlined = 0
        lightness.samples.withUnsafeBufferPointer { l in
            nearDark.samples.withUnsafeBufferPointer { near in
                let limit = edgeStep * 8  // Sobel sums weigh the step 8 times
                for y in 1..<(h - 1) {
                    for x in 1..<(w - 1) {
                        let i = y * w + x
                        let gx = (l[i - w + 1] + 2 * l[i + 1] + l[i + w + 1]) - (l[i - w - 1] + 2 * l[i - 1] + l[i + w - 1])
                        let gy = (l[i + w - 1] + 2 * l[i + w] + l[i + w + 1]) - (l[i - w - 1] + 2 * l[i - w] + l[i - w + 1])
                        guard gx * gx + gy * gy > limit * limit else { continue }
                        edges += 1
                        if near[i] == 0 { outlined += 1 }
                    }
                }
            }
        }
        let nearLines = nearDark.samples.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        return edges > 0 && Double(outlined) >= minOutlinedShare * Double(edges)
            && Double(nearLines) <= maxNearLineShare * Double(n)
            && longLineShare(dark) >= minLongLineShare
    }

    /// The share of the ink of `lines` (0 on 255) in 8-connected strokes whose bounding box
    /// spans at least 1/20 of the picture's long side (and 8 px).
    func longLineShare(_ lines: ByteImage) -> Double {
        let strokes = label(lines, connectivity: .eight) { !isPaper($0) }
        let span = max(8, max(lines.width, lines.height) / 20)
        let long = (0..<strokes.count).reduce(0) { sum, k in
            let box = strokes.bounds[k + 1]
            return max(box.width, box.height) >= span ? sum + strokes.areas[k + 1] : sum
        }
        return Double(long) / Double(max(1, lines.pixelCount - strokes.areas[0]))
    }

    /// `depth` and `lightness` at the page's `size`, and the radius of the window `depth` was
    /// measured with (lines are narrower): for a page larger than the picture, L* is enlarged
    /// (bilinear) and its depth measured with the window scaled as much, so the lines come
    /// out as smooth as the drawing's own.
    func atPageSize(depth: [Float], lightness: FloatImage, size: ImageSize)
        -> (depth: [Float], lightness: FloatImage, radius: Int) {
        guard size != lightness.size else { return (depth, lightness, Self.lineRadius) }
        let radius = Self.lineRadius * max(1, Int((Double(size.width) / Double(lightness.width)).rounded()))
        let enlarged = bilinearUpscale(lightness, to: size)
        return (LineArtAlgorithms.lineDepth(enlarged, radius: radius), enlarged, radius)
    }

    /// The outlines described above, at the size of `lightness`; `depth` is its
    /// ``lineDepth(_:radius:)``.
    func outlines(depth: [Float], lightness: FloatImage) -> ByteImage {
        let size = lightness.size
        let w = size.width, h = size.height
        var lines = ByteImage(width: w, height: h, repeating: 255)
        lightness.samples.withUnsafeBufferPointer { l in
            lines.samples.withUnsafeMutableBufferPointer { out in
                for i in 0..<(w * h) where depth[i] > lineDepth && l[i] < lineLightness { out[i] = 0 }
            }
        }
        var edges = thinInk(closeInk(lines, by: .square(size: 3)))
        for i in edges.samples.indices { edges.samples[i] = 255 - edges.samples[i] }
        let kept = removeShortChains(edges, minimumLength: max(8, max(w, h) / 20))
        for i in edges.samples.indices { edges.samples[i] = 255 - kept.samples[i] }
        return edges
    }

    /// The near-black areas wider than a line (what of the pixels darker than L*
    /// ``fillLightness`` a disk of `lineRadius` fits in) that are compact (they fill half
    /// their bounding box or more, which is at most twice as long as wide), cover
    /// ``minFillShare``-``maxFillShare`` of the picture and do not touch its edge, as ink (0
    /// on 255). Dark shading beside an outline (the fish's purple tail) makes thin or ragged
    /// patches.
    func darkFills(_ lightness: FloatImage, lineRadius: Int) -> ByteImage {
        let w = lightness.width, h = lightness.height
        let dark = ByteImage(width: w, height: h, samples: lightness.samples.map { $0 < fillLightness ? 0 : 255 })
        let fills = label(openInk(dark, by: .disk(radius: lineRadius)), connectivity: .eight) { !isPaper($0) }
        let smallest = Int(minFillShare * Double(w * h)), largest = Int(maxFillShare * Double(w * h))
        let isFill = (0...fills.count).map { k in
            let box = fills.bounds[k], area = fills.areas[k]
            return k != 0 && area >= smallest && area <= largest && !fills.touchesBorder[k]
                && 2 * area >= box.width * box.height && max(box.width, box.height) <= 2 * min(box.width, box.height)
        }
        return ByteImage(width: w, height: h, samples: fills.labels.map { isFill[Int($0)] ? 0 : 255 })
    }

    /// `lightness` (L* 0...100, 1 channel) enlarged bilinearly to `size`.
    private func bilinearUpscale(_ lightness: FloatImage, to size: ImageSize) -> FloatImage {
        var enlarged = bilinearUpscaleToFloat(lightnessLevels(lightness), to: size)
        for i in enlarged.samples.indices { enlarged.samples[i] /= 2.55 }
        return enlarged
    }
}
