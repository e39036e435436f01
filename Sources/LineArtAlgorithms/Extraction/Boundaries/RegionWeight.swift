import Foundation

/// How much a border's evidence counts given the two regions it divides: more between
/// larger regions and between regions whose colours differ more, less per unit of evidence
/// along a longer border.
///
/// A border's own evidence orders the borders people draw before the others only so well;
/// on the BSDS dev set these three figures of the regions on each side order them better
/// together. The colours are compared as distributions (``RegionHistograms``), which
/// order the borders better than the mean colours: a field of mottled gravel or rippled
/// water has the same colours on both sides of a border through it. The factor is
/// `(smaller area / 1% of the page)^0.15 · (length / referenceLength)^−0.25 ·
/// (χ² of the colour histograms / 0.3)^0.3`, kept within 0.5...2.
struct RegionWeight: Sendable {
    /// The picture the regions were cut from: L*a*b*, one triple per pixel of the labels.
    var lab: [Float]
    /// The length at which a border counts as it is, in pixels (100 per 480 of long side).
    var referenceLength: Double

    static let areaExponent = 0.15
    static let lengthExponent = -0.25
    static let differenceExponent = 0.3
    /// The smaller region's share of the page at which its factor is 1.
    static let referenceAreaShare = 0.01
    /// The χ² distance of the colour histograms at which its factor is 1.
    static let referenceDifference = 0.3
    /// Alike histograms count as at least this far apart (a power of 0 would void the other factors).
    static let leastDifference = 0.02
    static let range = 0.5...2.0

    /// The factor for a border of `length` pixel pairs between regions whose smaller one has
    /// `smallerArea` of the page's `pageArea` pixels and whose colour histograms are
    /// `difference` apart (χ², 0...1).
    func factor(smallerArea: Int, pageArea: Int, length: Int, difference: Double) -> Double {
        let area = Double(smallerArea) / (Self.referenceAreaShare * Double(max(1, pageArea)))
        let f = pow(area, Self.areaExponent)
            * pow(Double(max(1, length)) / referenceLength, Self.lengthExponent)
            * pow(max(Self.leastDifference, difference) / Self.referenceDifference, Self.differenceExponent)
        return min(Self.range.upperBound, max(Self.range.lowerBound, f))
    }
}
