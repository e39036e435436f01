import LineArtAlgorithms

/// Concrete, actionable setting changes for a page that misses fillability targets.
///
/// Rule-based and deterministic. Each failing check yields at most one sentence
/// of the form "<action> <setting> to <value>: <measured reason>"; passing checks
/// yield nothing, so a passing page gets an empty list. Checks are visited in the
/// order leak, closure, region count, tap usability; each takes the first of its
/// candidate actions that (a) changes a setting no earlier suggestion changed and
/// (b) moves the setting to a different value inside its range
/// (``LineArtSettings/specs``). When no candidate qualifies the check gets no
/// suggestion rather than an out-of-range one.
///
/// Candidates, in order:
/// - leak (`leakPotential >= maxLeak`) and closure (`closureRate < minClosure`):
///   enable `closeLargeGaps`; raise `largeGapKernel` to the next odd size (+2);
///   raise `thickness` by 1. On a segmentation's page (`segmentBoundaries`), where those
///   settings change nothing: lower `contrastAdjustment` by 0.3 (smaller segments, so
///   smaller corner regions and more regions off the edge); raise `maxDimension` by 256.
/// - too many regions: on a segmentation's page whose merging kept more segments than
///   `maxRegions` (a `regionTarget` set high), lower `regionTarget` to three quarters of
///   `maxRegions`; then raise `contrastAdjustment` by 0.3; raise `blurAmount` by 1; enable
///   `simplifyRegions` (only when `minRegionArea > 0`); lower `maxDimension` by 256.
/// - too few regions: on a segmentation's page whose merging stopped under twice
///   `minRegions` (a `regionTarget` set low: it, not the photo, holds the count down),
///   raise `regionTarget` to 2.5 times `minRegions`; then lower `contrastAdjustment` by
///   0.3; raise `maxDimension` by 256; lower `blurAmount` by 1; disable `simplifyRegions`.
///   When the photo's boundaries, not a `regionTarget`, gave the count, the reason says
///   how many distinct shapes the photo has: the page is not given lines to reach it. With
///   the regions engine's hierarchy (``SuggestionContext/countCurve``, a page just made) it
///   also says at which lower `contrastAdjustment` the photo's fainter boundaries would give
///   about a twentieth more than `minRegions` (in tenths; ``RegionCountCurve``), and that
///   change is the suggestion, ahead of the leak and closure rules; when no contrast in range
///   would, it says how many the lowest would give and suggests no contrast.
/// - no regions at all: lower `thickness` by 1, else the too-few candidates; the
///   closure and tap rules are skipped (they are undefined without regions).
/// - no lines at all (a blank page): only a lower `contrastAdjustment`, at its lowest, could
///   find fainter boundaries; gap closing, a larger page or fewer merges would not, so it is
///   the one suggestion, and none once `contrastAdjustment` is at its lowest (a uniform
///   picture has nothing to draw).
/// - tap usability: enable `simplifyRegions`; raise `blurAmount` by 1; raise
///   `contrastAdjustment` by 0.3.
///
/// - Parameters:
///   - result: the measured page.
///   - context: the settings that produced it.
/// - Returns: the suggestions, in rule order.
package func fillabilitySuggestions(for result: FillabilityResult, context: SuggestionContext) -> [String] {
    var builder = SuggestionBuilder(context: context)
    let targets = result.targets
    let n = result.regionCount

    if result.inkFraction == 0 {
        let reason = "the page has no lines: the photo has no boundary at contrastAdjustment \(decimal(context.settings.contrastAdjustment)) (a uniform picture has nothing to color)"
        builder.first(of: [builder.lowestContrast()], reason: reason)
        return builder.suggestions
    }
    // A page of the regions engine with fewer regions than asked: the count is what the
    // photo's boundaries give, and the hierarchy tells at which lower contrast they would give
    // enough. That measured change is the count's own; the leak and closure rules, whose
    // contrast step is a guess, do not take it.
    let photoCount = n > 0 && n < targets.minRegions && context.segmentBoundaries
        && (context.regionTarget == 0 || context.regionTarget >= targets.minRegions)
    let lower = photoCount ? context.countCurve.flatMap {
        countAtLowerContrast(targets.minRegions, curve: $0, pageRegions: n, below: context.settings.contrastAdjustment)
    } : nil
    let fitting = lower.flatMap { $0.reaches ? $0 : nil }
    let openRegionActions = builder.openRegionActions().filter { fitting == nil || $0.setting != "contrastAdjustment" }
    if !result.checks.leak {
        let reason = "the regions reached from the page corners cover \(percent(result.leakPotential)) of the page (limit: below \(percent(targets.maxLeak)))"
        builder.first(of: openRegionActions, reason: reason)
    }
    if n == 0 {
        if !result.checks.regionCount {
            let reason = "the page has no paper regions (ink covers \(percent(result.inkFraction)) of the page; target \(targets.minRegions)...\(targets.maxRegions) regions)"
            builder.first(of: [builder.lowerThickness()] + builder.fewerRegionsActions(minRegions: targets.minRegions),
                          reason: reason)
        }
        return builder.suggestions
    }
    if !result.checks.closure {
        let open = n - result.closedRegionCount
        let reason = "only \(percent(result.closureRate)) of regions are closed (target \(percent(targets.minClosure))); \(open) of \(n) regions touch the image edge"
        builder.first(of: openRegionActions, reason: reason)
    }
    if n > targets.maxRegions {
        let reason = "the page has \(n) regions, more than maxRegions \(targets.maxRegions)"
        builder.first(of: builder.moreRegionsActions(maxRegions: targets.maxRegions), reason: reason)
    } else if n < targets.minRegions {
        var reason = "the page has \(n) regions, fewer than minRegions \(targets.minRegions)"
        var actions = builder.fewerRegionsActions(minRegions: targets.minRegions)
        if photoCount {
            // Say so rather than draw lines to reach the count.
            let here = "the photo has \(n) distinct shapes at contrastAdjustment \(decimal(context.settings.contrastAdjustment))"
            if let fitting {
                reason += " (\(here), and about \(fitting.regions) at \(decimal(fitting.contrast)), where fainter changes become lines too)"
                actions = [builder.lowerContrast(to: fitting.contrast)]
            } else if let lowest = lower {
                reason += " (\(here), and about \(lowest.regions) at \(decimal(lowest.contrast)), the lowest; no line is drawn where the photo does not change)"
                actions.removeAll { $0.setting == "contrastAdjustment" }
            } else {
                reason += " (\(here); no line is drawn where the photo does not change)"
            }
        }
        builder.first(of: actions, reason: reason)
    }
    if !result.checks.tap {
        let small = n - result.usableRegionCount
        let reason = "\(small) of \(n) regions are smaller than minRegionArea=\(result.minRegionArea) px (usable \(percent(result.tapUsability)), target \(percent(targets.minTap)))"
        builder.first(of: builder.tapActions(), reason: reason)
    }
    return builder.suggestions
}

/// One candidate change: the setting it touches and the imperative text, or nil
/// when the change is impossible within the setting's range.
private struct SuggestionAction {
    var setting: String
    var text: String?
}

private struct SuggestionBuilder {
    let context: SuggestionContext
    var settings: LineArtSettings { context.settings }
    var suggestions: [String] = []
    var used: Set<String> = []

    init(context: SuggestionContext) {
        self.context = context
    }

    mutating func first(of actions: [SuggestionAction], reason: String) {
        for action in actions where !used.contains(action.setting) {
            guard let text = action.text else { continue }
            used.insert(action.setting)
            suggestions.append("\(text): \(reason)")
            return
        }
    }

    // MARK: candidate actions

    func enableCloseLargeGaps() -> SuggestionAction {
        SuggestionAction(setting: "closeLargeGaps",
                         text: settings.closeLargeGaps ? nil : "enable closeLargeGaps (largeGapKernel \(settings.largeGapKernel))")
    }

    func raiseLargeGapKernel() -> SuggestionAction {
        let k = settings.largeGapKernel
        let base = max(k, LineArtSettings.intRange(of: "largeGapKernel").lowerBound)
        let next = base % 2 == 1 ? base + 2 : base + 1
        let ok = next > k && LineArtSettings.intRange(of: "largeGapKernel").contains(next)
        return SuggestionAction(setting: "largeGapKernel", text: ok ? "raise largeGapKernel to \(next)" : nil)
    }

    func raiseThickness() -> SuggestionAction {
        let next = settings.thickness + 1
        let ok = LineArtSettings.intRange(of: "thickness").contains(next)
        return SuggestionAction(setting: "thickness", text: ok ? "raise thickness to \(next)" : nil)
    }

    func lowerThickness() -> SuggestionAction {
        let next = settings.thickness - 1
        let ok = LineArtSettings.intRange(of: "thickness").contains(next)
        return SuggestionAction(setting: "thickness", text: ok ? "lower thickness to \(next)" : nil)
    }

    func changeContrast(by delta: Double) -> SuggestionAction {
        let range = LineArtSettings.doubleRange(of: "contrastAdjustment")
        let next = hundredths(min(range.upperBound, max(range.lowerBound, settings.contrastAdjustment + delta)))
        let ok = delta > 0 ? next > settings.contrastAdjustment : next < settings.contrastAdjustment
        let verb = delta > 0 ? "raise" : "lower"
        return SuggestionAction(setting: "contrastAdjustment",
                                text: ok ? "\(verb) contrastAdjustment to \(decimal(next))" : nil)
    }

    /// `contrastAdjustment` lowered to `value` (a value under the page's, within its range).
    func lowerContrast(to value: Double) -> SuggestionAction {
        changeContrast(by: value - settings.contrastAdjustment)
    }

    /// `contrastAdjustment` at the lowest its range allows (nil when it is there already).
    func lowestContrast() -> SuggestionAction {
        changeContrast(by: LineArtSettings.doubleRange(of: "contrastAdjustment").lowerBound - settings.contrastAdjustment)
    }

    func changeBlur(by delta: Double) -> SuggestionAction {
        let range = LineArtSettings.doubleRange(of: "blurAmount")
        let next = hundredths(min(range.upperBound, max(range.lowerBound, settings.blurAmount + delta)))
        let ok = delta > 0 ? next > settings.blurAmount : next < settings.blurAmount
        let verb = delta > 0 ? "raise" : "lower"
        return SuggestionAction(setting: "blurAmount", text: ok ? "\(verb) blurAmount to \(decimal(next))" : nil)
    }

    func changeMaxDimension(by delta: Int) -> SuggestionAction {
        let range = LineArtSettings.intRange(of: "maxDimension")
        let next = min(range.upperBound, max(range.lowerBound, settings.maxDimension + delta))
        let ok = delta > 0 ? next > settings.maxDimension : next < settings.maxDimension
        let verb = delta > 0 ? "raise" : "lower"
        return SuggestionAction(setting: "maxDimension", text: ok ? "\(verb) maxDimension to \(next)" : nil)
    }

    /// Only on a segmentation's page, whose merging `regionTarget` steers.
    func changeRegionTarget(to value: Int) -> SuggestionAction {
        // At least 1: a regionTarget of 0 means "from the targets", not fewer segments.
        let next = min(LineArtSettings.intRange(of: "regionTarget").upperBound, max(1, value))
        let ok = context.segmentBoundaries && context.regionTarget > 0 && next != context.regionTarget
        let verb = next > context.regionTarget ? "raise" : "lower"
        return SuggestionAction(setting: "regionTarget", text: ok ? "\(verb) regionTarget to \(next)" : nil)
    }

    func enableSimplifyRegions() -> SuggestionAction {
        let ok = !settings.simplifyRegions && settings.minRegionArea > 0
        return SuggestionAction(setting: "simplifyRegions",
                                text: ok ? "enable simplifyRegions (merges regions smaller than minRegionArea=\(settings.minRegionArea) px)" : nil)
    }

    func disableSimplifyRegions() -> SuggestionAction {
        SuggestionAction(setting: "simplifyRegions", text: settings.simplifyRegions ? "disable simplifyRegions" : nil)
    }

    // MARK: candidate lists

    /// For a page that leaks or has too few closed regions.
    func openRegionActions() -> [SuggestionAction] {
        context.segmentBoundaries
            ? [changeContrast(by: -0.3), changeMaxDimension(by: 256)]
            : [enableCloseLargeGaps(), raiseLargeGapKernel(), raiseThickness()]
    }

    func moreRegionsActions(maxRegions: Int) -> [SuggestionAction] {
        let target = context.regionTarget > maxRegions ? [changeRegionTarget(to: maxRegions * 3 / 4)] : []
        return target + [changeContrast(by: 0.3), changeBlur(by: 1), enableSimplifyRegions(), changeMaxDimension(by: -256)]
    }

    func fewerRegionsActions(minRegions: Int) -> [SuggestionAction] {
        let low = context.regionTarget > 0 && context.regionTarget < 2 * minRegions
        let target = low ? [changeRegionTarget(to: minRegions * 5 / 2)] : []
        return target + [changeContrast(by: -0.3), changeMaxDimension(by: 256), changeBlur(by: -1), disableSimplifyRegions()]
    }

    func tapActions() -> [SuggestionAction] {
        [enableSimplifyRegions(), changeBlur(by: 1), changeContrast(by: 0.3)]
    }
}

/// The page's count at a lower `contrastAdjustment`, from the regions engine's hierarchy: the
/// highest under `current`, in tenths within its range, at which the page would have about a
/// twentieth more than `minRegions` regions (else the lowest, if it would have 85% of them),
/// with `reaches`; failing that, the lowest and its count. Nil when `current` is the lowest.
private func countAtLowerContrast(_ minRegions: Int, curve: RegionCountCurve, pageRegions: Int,
                                  below current: Double) -> (contrast: Double, regions: Int, reaches: Bool)? {
    let lowest = LineArtSettings.doubleRange(of: "contrastAdjustment").lowerBound
    guard lowest < current else { return nil }
    var tenths = Int((current * 10 - 1e-9).rounded(.up)) - 1
    while Double(tenths) / 10 >= lowest {
        let contrast = Double(tenths) / 10
        // A twentieth more than asked: the estimate may read a little above the page made there.
        let regions = curve.pageRegions(atContrast: contrast, pageRegions: pageRegions)
        if regions * 20 >= minRegions * 21 { return (contrast, regions, true) }
        tenths -= 1
    }
    // Short of that margin, the lowest contrast when it would come near the count: of the
    // dev photos whose estimate there read 85-100% of it, most reached it.
    let regions = curve.pageRegions(atContrast: lowest, pageRegions: pageRegions)
    return (lowest, regions, regions * 20 >= minRegions * 17)
}

/// Rounds to two decimals so suggested values are exact, readable settings.
private func hundredths(_ value: Double) -> Double {
    (value * 100).rounded() / 100
}

/// "1.5", "2", "1.25": at most two decimals, no trailing zeros, locale-independent.
private func decimal(_ value: Double) -> String {
    let scaled = Int((value * 100).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    let whole = magnitude / 100
    let frac = magnitude % 100
    if frac == 0 { return "\(sign)\(whole)" }
    if frac % 10 == 0 { return "\(sign)\(whole).\(frac / 10)" }
    return "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
}

/// A fraction as a percentage with at most one decimal: 0.463 → "46.3%", 0.3 → "30%".
func percent(_ fraction: Double) -> String {
    let tenths = Int((fraction * 1000).rounded())
    let whole = tenths / 10
    let frac = tenths % 10
    return frac == 0 ? "\(whole)%" : "\(whole).\(frac)%"
}
