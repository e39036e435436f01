import Foundation

/// How much a border's evidence counts given the two regions it divides: more between
/// larger regions and between regions whose mean colours differ more, less per unit of
/// evidence along a longer border.
///
/// A border's own evidence orders the borders people draw before the others only so well;
/// on the BSDS dev set these three figures of the regions on each side order them better
/// together (alone, each orders them no better or worse). The factor is
/// `(smaller area / 1% of the page)^0.1 · (length / referenceLength)^−0.25 ·
/// (ΔE of the mean colours / 10)^0.2`, kept within 0.5...2.
struct RegionWeight: Sendable {
    /// The picture the regions were cut from: L*a*b*, one triple per pixel of the labels.
    var lab: [Float]
    /// The length at which a border counts as it is, in pixels (100 per 480 of long side).
    var referenceLength: Double
    /// The weight of a* and b* against L* in the colour difference (the strength's own).
    var chromaWeight: Double

    static let areaExponent = 0.1
    static let lengthExponent = -0.25
    static let differenceExponent = 0.2
    /// The smaller region's share of the page at which its factor is 1.
    static let referenceAreaShare = 0.01
    /// The colour difference (ΔE*ab, a* and b* weighing ``chromaWeight``) at which its factor is 1.
    static let referenceDifference = 10.0
    static let range = 0.5...2.0

    /// The factor for a border of `length` pixel pairs between regions whose smaller one has
    /// `smallerArea` of the page's `pageArea` pixels and whose mean colours differ by `difference`.
    func factor(smallerArea: Int, pageArea: Int, length: Int, difference: Double) -> Double {
        let area = Double(smallerArea) / (Self.referenceAreaShare * Double(max(1, pageArea)))
        let f = pow(area, Self.areaExponent)
            * pow(Double(max(1, length)) / referenceLength, Self.lengthExponent)
            * pow(max(1, difference) / Self.referenceDifference, Self.differenceExponent)
        return min(Self.range.upperBound, max(Self.range.lowerBound, f))
    }
}
