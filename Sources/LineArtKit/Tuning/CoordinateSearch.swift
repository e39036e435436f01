/// Coordinate search: improve one setting at a time from the base preset.
///
/// The base settings are evaluated first. Then, for each searched field in spec order,
/// the current best settings are tried with that field set to each of its
/// ``levels(of:)`` (values already evaluated are skipped); the best by
/// ``isRankedBefore(_:_:)`` becomes the new current settings before the next field. The
/// fields are swept again while a sweep improved the best, until `budget` evaluations are
/// used. There is no randomness: the same samples give the same result. As in random
/// search, `minRegionArea` is not searched.
public struct CoordinateSearch: Sendable {
    public var base: LineArtSettings

    public init(base: LineArtSettings) {
        self.base = base
    }

    /// The values tried for a field: five evenly spaced over an int or double range
    /// (doubles rounded to 0.05), both booleans, every choice.
    public static func levels(of domain: SettingSpec.Domain) -> [SettingValue] {
        switch domain {
        case .int(let r):
            let values = (0...4).map { r.lowerBound + Int((Double(r.upperBound - r.lowerBound) * Double($0) / 4).rounded()) }
            return values.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }.map { .int($0) }
        case .double(let r):
            let values = (0...4).map { k -> Double in
                let v = r.lowerBound + (r.upperBound - r.lowerBound) * Double(k) / 4
                return min(r.upperBound, max(r.lowerBound, (v * 20).rounded() / 20))
            }
            return values.reduce(into: [Double]()) { if !$0.contains($1) { $0.append($1) } }.map { .double($0) }
        case .bool: return [.bool(false), .bool(true)]
        case .choice(let names): return names.map { .string($0) }
        }
    }

    /// Every working size the search can try (the base's and the levels of `maxDimension`),
    /// to decode the photos once at each before the search starts.
    public var maxDimensions: [Int] {
        let spec = LineArtSettings.specs.first { $0.name == "maxDimension" }!
        let levels = Self.levels(of: spec.domain).compactMap { value -> Int? in
            if case .int(let v) = value { return v } else { return nil }
        }
        return [base.maxDimension] + levels
    }

    /// Runs the search. `evaluate` gets each round's candidates and returns their
    /// evaluations in the same order, with `index` numbering every evaluation of the run
    /// (the first argument is the index of the round's first candidate).
    /// - Returns: every evaluation, in evaluation order; none when the base preset's round
    ///   came back empty (a search cancelled before its first evaluation finished).
    public func run<Failure: Error>(budget: Int,
                                    evaluate: (_ firstIndex: Int, _ candidates: [LineArtSettings]) throws(Failure) -> [TuningEvaluation])
        throws(Failure) -> [TuningEvaluation] {
        precondition(budget >= 1, "budget must be at least 1")
        var all = try evaluate(0, [base])
        guard var best = all.first else { return all }
        var seen: Set<String> = [SearchSpace.key(base)]
        let specs = LineArtSettings.specs.filter { !SearchSpace.fixedInRandomSearch.contains($0.name) }
        var improved = true
        while improved && all.count < budget {
            improved = false
            for spec in specs where all.count < budget {
                var round: [LineArtSettings] = []
                for value in Self.levels(of: spec.domain) {
                    var s = best.settings
                    guard (try? spec.assign(value, to: &s)) != nil, seen.insert(SearchSpace.key(s)).inserted else { continue }
                    round.append(s)
                }
                round = Array(round.prefix(budget - all.count))
                guard !round.isEmpty else { continue }
                let results = try evaluate(all.count, round)
                all += results
                if let top = results.min(by: isRankedBefore), isRankedBefore(top, best) {
                    best = top
                    improved = true
                }
            }
        }
        return all
    }
}
