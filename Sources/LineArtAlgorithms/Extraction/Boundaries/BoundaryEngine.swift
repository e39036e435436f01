import LineArtImage

/// The "regions" engine: lines where the photo has boundaries a person would draw.
///
/// 1. ``boundaryStrength(_:parameters:threads:)`` of the preprocessed L*a*b*, smoothed first
///    by ``guidedSmoothing(_:radius:epsilon:threads:)`` (changes under the page's threshold
///    are noise): colour and brightness change at three scales, texture inhibited by its
///    surround.
/// 2. ``watershedBasins(_:width:height:levels:)`` of that strength, lightly blurred: small
///    basins whose borders lie on the crests of the strength.
/// 3. ``mergeWeakBorders(_:count:strength:threshold:maxRegions:smallArea:colourable:spots:floor:weight:)``:
///    basins merge across their weakest borders until every border left is at least
///    `1.8 · contrastAdjustment` ΔE*ab strong (and at most `maxRegions` regions are left),
///    each border weighed by the regions on its sides (``RegionWeight``).
///    The count is what the photo has: a photo with few shapes gives a page with few
///    regions, and the report says so, rather than lines drawn to reach a count. Only a
///    photo low in contrast throughout, which would give a nearly empty page (fewer than
///    `minShapes` shapes), keeps its strongest borders below the threshold (``ShapeFloor``). Then
///    regions too small to colour (`minRegionArea` of paper) join a neighbour across their
///    weakest border, one as small first, so a small subject's cells make one shape instead
///    of vanishing into the background when the page drops small regions. With
///    `darkSpots`, near-black spots too small to colour (``DarkSpotRule``) stay, and are
///    returned as solid ink for the page (``ExtractedInk``).
/// 4. A 3x3 majority filter and a radius-4 mode filter calm the borders, and parts of regions
///    too narrow for paper between bold lines go to their neighbours
///    (``withoutNarrowParts(_:width:height:lineWidth:)``); one pixel of every pair across a
///    border becomes ink (``BoundarySide``: the upper or left one for an even line width, the
///    one in the larger region for an odd one), so each region is a closed paper region by
///    construction.
///
/// Scales are in units of the working size's long side over 480 px, so a photo gives the
/// same lines at any `maxDimension`.
package struct BoundaryEngine: ExtractionEngine {
    package var name: String { "regions" }
    package var drawsRegionBoundaries: Bool { true }

    package init() {}

    /// The strength a border needs to stay a line, per unit of `contrastAdjustment`, in ΔE*ab.
    static let thresholdPerContrast: Double = 1.8

    /// How far below the threshold borders may stay on a page that would otherwise have
    /// fewer than `minShapes` shapes (a photo low in contrast throughout).
    static let lowestThresholdShare: Double = 0.6

    /// The window (half-width) of the edge-preserving smoothing
    /// (``guidedSmoothing(_:radius:epsilon:threads:)``) of the photo measured at 480 px,
    /// before its strength: 3 px, and changes smaller than the page's own threshold are
    /// counted as noise (a JPEG's ringing, grain), not edges.
    static let smoothingRadius = 1

    /// How much darker (L*) than its surroundings a shape too small to colour must be to be
    /// drawn as solid ink (``DarkSpotRule``).
    static let spotDarkening: Float = 20

    /// The strength's parameters at 480 px of long side (`unit` 1), tuned on the BSDS dev
    /// set: derivative scales 1, 2 and 4 px, a* and b* weighing 1.5, surround inhibition
    /// 1.15 times a Gaussian of 4 px read 4 px to each side of the edge.
    static func strengthParameters(unit: Float, inputBlur: Float) -> BoundaryStrengthParameters {
        BoundaryStrengthParameters(scales: [1, 2, 4].map { $0 * unit }, chromaWeight: 1.5,
                                   surroundStrength: 1.15, surroundSigma: 4 * unit, surroundOffset: 4 * unit,
                                   inputBlur: inputBlur)
    }

    package func extract(_ image: PreprocessedImage, parameters: ExtractionParameters, threads: Int) -> ByteImage {
        extractInk(image, parameters: parameters, threads: threads).lines
    }

    package func extractInk(_ image: PreprocessedImage, parameters: ExtractionParameters, threads: Int) -> ExtractedInk {
        let lab = image.lab, w = lab.width, h = lab.height
        guard w > 2, h > 2 else { return ExtractedInk(lines: ByteImage(width: w, height: h, repeating: 255)) }
        let unit = Float(max(w, h)) / 480
        let threshold = Self.thresholdPerContrast * Double(max(0.1, parameters.contrastAdjustment))
        let rimmed = replicatingEdgeRim(lab, depth: min(parameters.lineWidth, (max(w, h) + 99) / 100))
        // The strength varies on the scale of its finest derivative (one unit), so it is measured
        // at 480 px of long side and enlarged: the same field for a quarter of the work at 768 px.
        let measured = guidedSmoothing(
            areaResize(rimmed, to: fittedSize(rimmed.size, maxDimension: 480), threads: threads),
            radius: Self.smoothingRadius, epsilon: Float(threshold),
            threads: threads)
        // The preset's blur, in pixels of the measured size.
        let inputBlur = parameters.inputBlur * Float(max(measured.width, measured.height))
            / Float(max(rimmed.width, rimmed.height))
        let strengthParameters = Self.strengthParameters(unit: min(1, unit), inputBlur: inputBlur)
        var strength = boundaryStrength(measured, parameters: strengthParameters, threads: threads).enlarged(to: lab.size)
        if let detail = image.detail, detail.size == lab.size { strength.weigh(by: detail.samples) }
        let relief = gaussianBlur(FloatImage(width: w, height: h, channels: 1, samples: strength.magnitude), sigma: unit,
                                  threads: threads)
        let (basins, basinCount) = watershedBasins(relief.samples, width: w, height: h)
        let colourable = ColourableArea(minPaperArea: parameters.minRegionArea, lineWidth: parameters.lineWidth)
        let lightness = parameters.darkSpots || parameters.minShapes > 0 ? lab.channel(0).samples : []
        let spotRule = parameters.darkSpots
            ? DarkSpotRule(lightness: lightness, minDarkening: Self.spotDarkening, colourable: colourable)
            : nil
        let floor = parameters.minShapes > 0
            ? ShapeFloor(minShapes: parameters.minShapes, lowestThreshold: Self.lowestThresholdShare * threshold,
                         lightness: lightness)
            : nil
        let (regions, regionCount, cut) = mergeWeakBorders(basins, count: basinCount, strength: strength, threshold: threshold,
                                            maxRegions: max(1, parameters.maxRegions),
                                            smallArea: parameters.minRegionArea / 4,
                                            colourable: colourable, spots: spotRule, floor: floor,
                                            weight: RegionWeight(lab: lab.samples, referenceLength: 100 * Double(unit)))
        let calm = majorityFilter(regions, width: w, height: h, passes: 3, threads: threads)
        let smooth = modeFilter(calm, width: w, height: h, radius: 4, passes: 1, threads: threads)
        let drawn = withoutNarrowParts(smooth, width: w, height: h, lineWidth: parameters.lineWidth, threads: threads)
        let lines = drawBoundaries(drawn, width: w, height: h, side: BoundarySide(lineWidth: parameters.lineWidth),
                                   threads: threads)
        var ink = ExtractedInk(lines: lines, countCurve: RegionCountCurve(cut, costPerContrast: Self.thresholdPerContrast))
        if let spots = spotRule?.spots(smooth, count: regionCount, width: w, height: h), spots.contains(true) {
            ink.solid = ByteImage(width: w, height: h, samples: smooth.map { spots[Int($0)] ? 0 : 255 })
        }
        return ink
    }
}
