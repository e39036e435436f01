/// The floor under ``mergeWeakBorders(_:count:strength:threshold:maxRegions:smallArea:colourable:spots:floor:)``'s
/// threshold, for a photo low in contrast throughout (a brown bear in green grass), whose
/// outlines all read under the threshold and whose page would be nearly empty: once only
/// `minShapes` regions large enough to colour are left, borders down to `lowestThreshold`
/// stay. Its strongest borders are still the ones a person draws. Not between two dark
/// regions (mean L* under ``darkLightness``): in shadow a weak change is foliage or grain
/// (a dark forest behind a coyote on snow), not a boundary.
struct ShapeFloor: Sendable {
    /// Below this mean L* a region is in shadow: the near black of a dark spot.
    static let darkLightness = DarkSpotRule.maxLightness

    /// The count of colourable regions under which borders under the threshold stay.
    var minShapes: Int
    /// The weakest border that stays, in ΔE*ab.
    var lowestThreshold: Double
    /// L* (0...100) of each pixel, for the regions' mean lightness.
    var lightness: [Float]
}
