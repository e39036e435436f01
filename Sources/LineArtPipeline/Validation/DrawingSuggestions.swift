/// What to change in a page whose settings are not known (one drawn elsewhere, or a page
/// of this tool without its report): one sentence per failing check, about the drawing
/// itself, in the order of ``fillabilitySuggestions(for:context:)``: leak, closure, region
/// count, tap usability. A passing page gets none.
package func drawingSuggestions(for result: FillabilityResult) -> [String] {
    let targets = result.targets
    let n = result.regionCount
    var suggestions: [String] = []
    if !result.checks.leak {
        suggestions.append("close the outlines near the corners of the drawing: the regions reached from its corners cover \(percent(result.leakPotential)) of it (limit: below \(percent(targets.maxLeak)))")
    }
    if n == 0 {
        if !result.checks.regionCount {
            suggestions.append("leave paper between the lines: the drawing has no paper regions (ink covers \(percent(result.inkFraction)) of it)")
        }
        return suggestions
    }
    if !result.checks.closure {
        suggestions.append("close the shapes at the edge of the drawing: only \(percent(result.closureRate)) of regions are closed (target \(percent(targets.minClosure))); \(n - result.closedRegionCount) of \(n) regions touch its edge")
    }
    if n > targets.maxRegions {
        suggestions.append("draw fewer, larger shapes: the drawing has \(n) regions, more than maxRegions \(targets.maxRegions)")
    } else if n < targets.minRegions {
        suggestions.append("divide the drawing into more shapes: it has \(n) regions, fewer than minRegions \(targets.minRegions)")
    }
    if !result.checks.tap {
        suggestions.append("fill in or join the small regions: \(n - result.usableRegionCount) of \(n) regions are smaller than minRegionArea=\(result.minRegionArea) px (usable \(percent(result.tapUsability)), target \(percent(targets.minTap)))")
    }
    return suggestions
}
