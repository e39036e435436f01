/// `--preset auto`: the preset made for what the photo is (``presets(for:)``: its
/// ``Subject``, or none).
///
/// Where several candidates are run (``fitting(_:_:)`` finds none of them made for the
/// photo), the best page passes all four fillability targets of its preset if any does;
/// among those (or among all, when none passes) the highest fillability score wins, and
/// equal scores go to the preset listed first in ``order``.
public enum AutoPreset {
    /// The name that asks for it.
    public static let name = "auto"

    /// The presets tried, in order of preference on equal results.
    public static let order = ["object", "portrait", "landscape", "pet", "abstract", "toddler"]

    /// The preset made for what the photo is: a face, portrait; one subject, object; no
    /// clear subject (a scene, a pattern), landscape. One each: pet and abstract are for
    /// photos the user knows to be of an animal or a painting. Picked between object and pet
    /// (or landscape and abstract) by the better fillability score, a photo saved again as
    /// JPEG changed its preset, and so its whole page, on 13 of 50 dev photos.
    public static func presets(for subject: Subject?) -> [String] {
        switch subject?.cue {
        case .face?: return ["portrait"]
        case .focus?, .contrast?: return ["object"]
        case nil: return ["landscape"]
        }
    }

    /// The pipelines of `candidates` made for what the photo is (``presets(for:)``); all of
    /// them when none is.
    public static func fitting(_ subject: Subject?, _ candidates: [LineArtPipeline]) -> [LineArtPipeline] {
        let names = presets(for: subject)
        let fitting = candidates.filter { names.contains($0.preset.name) }
        return fitting.isEmpty ? candidates : fitting
    }

    /// Why ``presets(for:)`` tried what it tried, for the progress line.
    public static func reason(_ subject: Subject?) -> String {
        switch subject?.cue {
        case .face?: return "a face"
        case .focus?: return "one subject in focus"
        case .contrast?: return "one subject standing out"
        case nil: return "no single subject"
        }
    }

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
