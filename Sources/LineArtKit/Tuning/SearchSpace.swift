/// The settings a tuning run evaluates.
///
/// - With grid axes: their cartesian product over the base preset's settings.
/// - Without: the base settings first, then seeded random search: each candidate takes
///   each searched field from a uniform draw over the field's spec range with probability
///   1/2, else keeps the base value. Doubles are rounded to 0.05 so presets stay readable.
///   Duplicates are skipped. `minRegionArea` is not searched (it defines what the validator
///   counts as tappable, so changing it would game the score) unless a grid names it, nor are
///   `faceFeatures`, `frame` and `darkSpots` (whether faces get features, what part of the
///   photo the page shows and whether dark spots are inked are the user's choices, not
///   fillability knobs); `engine` is searched like
///   any choice.
public struct SearchSpace: Sendable {
    public var base: LineArtSettings
    public var axes: [GridAxis]

    /// Fields never varied by random search.
    public static let fixedInRandomSearch: Set<String> = ["minRegionArea", "faceFeatures", "frame", "darkSpots"]

    public init(base: LineArtSettings, axes: [GridAxis]) {
        self.base = base
        self.axes = axes
    }

    /// Up to `budget` candidate settings, deterministic for a given `seed`.
    /// - Throws: ``SettingsError`` when the grid has more combinations than `budget`
    ///   or names a setting twice.
    public func candidates(budget: Int, seed: UInt64) throws(SettingsError) -> [LineArtSettings] {
        precondition(budget >= 1, "budget must be at least 1")
        if !axes.isEmpty {
            let count = combinationCount(axes)
            guard count <= budget else {
                throw .malformedPreset("the grid has \(count) combinations, more than --budget \(budget); raise --budget or list fewer values")
            }
            return try cartesianProduct(axes, base: base)
        }
        return randomSearch(budget: budget, seed: seed)
    }

    func randomSearch(budget: Int, seed: UInt64) -> [LineArtSettings] {
        var rng = TuningRandom(seed: seed)
        var out = [base]
        var seen: Set<String> = [Self.key(base)]
        let specs = LineArtSettings.specs.filter { !Self.fixedInRandomSearch.contains($0.name) }
        var attempts = 0
        let (maxAttempts, overflow) = budget.multipliedReportingOverflow(by: 50)
        while out.count < budget && (overflow || attempts < maxAttempts) {
            attempts += 1
            var s = base
            for spec in specs {
                // Always draw both numbers so the stream does not depend on earlier outcomes.
                let vary = rng.next() & 1 == 1
                let value = Self.draw(spec.domain, &rng)
                if vary { try? spec.assign(value, to: &s) }
            }
            if seen.insert(Self.key(s)).inserted { out.append(s) }
        }
        return out
    }

    static func draw(_ domain: SettingSpec.Domain, _ rng: inout TuningRandom) -> SettingValue {
        switch domain {
        case .int(let r): return .int(rng.int(in: r))
        case .double(let r):
            let v = (rng.double(in: r) * 20).rounded() / 20
            return .double(min(r.upperBound, max(r.lowerBound, v)))
        case .bool: return .bool(rng.next() & 1 == 1)
        case .choice(let names): return .string(names[rng.int(in: 0...(names.count - 1))])
        }
    }

    /// A canonical text of every field, for duplicate detection.
    static func key(_ s: LineArtSettings) -> String {
        LineArtSettings.specs.map { "\($0.name)=\($0.value(in: s))" }.joined(separator: ";")
    }
}
