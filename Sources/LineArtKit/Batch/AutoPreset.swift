/// `--preset auto`: every built-in preset is tried on the photo and the best page is kept.
///
/// The best page passes all four fillability targets of its preset if any does; among
/// those (or among all, when none passes) the highest fillability score wins, and equal
/// scores go to the preset listed first in ``order``: the general-purpose presets before
/// the specialised ones, toddler last (its bold pages suit only the youngest colourists).
public enum AutoPreset {
    /// The name that asks for it.
    public static let name = "auto"

    /// The presets tried, in order of preference on equal results.
    public static let order = ["object", "portrait", "landscape", "pet", "abstract", "toddler"]

    /// The index of the best of `results` (fillability of each candidate's page, in
    /// ``order``), or nil when there are none.
    public static func best(_ results: [FillabilityResult]) -> Int? {
        results.indices.min { a, b in
            let ra = results[a], rb = results[b]
            if ra.passes != rb.passes { return ra.passes }
            if ra.score != rb.score { return ra.score > rb.score }
            return a < b
        }
    }
}
