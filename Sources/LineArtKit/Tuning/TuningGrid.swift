/// One `--grid key=v1,v2,...` axis: a setting and the values to try, checked against its spec.
public struct GridAxis: Sendable, Equatable {
    public var key: String
    public var values: [SettingValue]

    public init(key: String, values: [SettingValue]) {
        self.key = key
        self.values = values
    }

    /// Parses `key=v1,v2,...`. Each value is parsed and range-checked as `--set key=value`
    /// would be; duplicates are dropped (first kept), order is kept.
    /// - Throws: ``SettingsError`` naming the key or the bad value and the accepted range.
    public static func parse(_ text: String) throws(SettingsError) -> GridAxis {
        guard let equals = text.firstIndex(of: "=") else {
            throw .malformedPreset("expected key=v1,v2,..., e.g. --grid thickness=2,3,4")
        }
        let key = String(text[..<equals]).trimmingSpaces
        guard let spec = LineArtSettings.spec(named: key) else {
            throw .unknownKey(key, known: LineArtSettings.specs.map(\.name))
        }
        let items = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        var values: [SettingValue] = []
        for item in items {
            var probe = LineArtSettings()
            let raw = String(item)
            guard !raw.trimmingSpaces.isEmpty else {
                throw .malformedPreset("empty value; expected key=v1,v2,... with values in \(spec.domain.description)")
            }
            try spec.assign(raw, to: &probe)
            let value = spec.value(in: probe)
            if !values.contains(value) { values.append(value) }
        }
        return GridAxis(key: key, values: values)
    }
}

/// The cartesian product of grid axes applied to a base: every combination, the last
/// axis varying fastest (like nested loops in axis order). No axes gives just the base.
/// - Throws: ``SettingsError`` when two axes name the same setting.
package func cartesianProduct(_ axes: [GridAxis], base: LineArtSettings) throws(SettingsError) -> [LineArtSettings] {
    var seen = Set<String>()
    for axis in axes where !seen.insert(axis.key).inserted {
        throw .malformedPreset("--grid \(axis.key) is given twice; list all its values in one --grid \(axis.key)=v1,v2")
    }
    var combos = [base]
    for axis in axes {
        guard let spec = LineArtSettings.spec(named: axis.key) else { throw .unknownKey(axis.key, known: LineArtSettings.specs.map(\.name)) }
        var next: [LineArtSettings] = []
        next.reserveCapacity(combos.count * axis.values.count)
        for combo in combos {
            for value in axis.values {
                var s = combo
                try spec.assign(value, to: &s)
                next.append(s)
            }
        }
        combos = next
    }
    return combos
}

/// The number of combinations of `axes` without building them (saturating).
public func combinationCount(_ axes: [GridAxis]) -> Int {
    axes.reduce(1) { partial, axis in
        let (product, overflow) = partial.multipliedReportingOverflow(by: axis.values.count)
        return overflow ? Int.max : product
    }
}
