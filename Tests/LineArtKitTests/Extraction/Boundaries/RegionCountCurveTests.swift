import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// The regions engine's count at lower contrasts, read from one page's merging.
@Suite struct RegionCountCurveTests {
    /// Six vertical strips of 10 columns, 10 rows; the evidence across the border between
    /// strips k and k+1 is `2k + 2` (2, 4, 6, 8, 10), the same all along it.
    static func sixStrips() -> ([Int32], BoundaryStrength) {
        let w = 60, h = 10
        let labels = (0..<(w * h)).map { Int32(($0 % w) / 10) }
        var across = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for k in 0..<5 {
                let evidence = Float(2 * k + 2)
                across[y * w + 10 * k + 9] = evidence; across[y * w + 10 * k + 10] = evidence
            }
        }
        return (labels, BoundaryStrength(width: w, height: h, magnitude: across, alongX: across,
                                         alongY: [Float](repeating: 0, count: w * h)))
    }

    /// Merged up to one strength, the record says how many regions the same merging leaves
    /// stopped at any lower one: exactly, when no later rule changes the count.
    @Test func theRecordOfOneCutGivesTheCountOfEveryLowerCut() {
        let (labels, strength) = Self.sixStrips()
        let (_, count, cut) = mergeWeakBorders(labels, count: 6, strength: strength, threshold: 11,
                                               maxRegions: 100, smallArea: 0)
        #expect(count == 1 && cut.regions == 1)
        #expect(zip(cut.levels, [2.0, 4, 6, 8, 10]).allSatisfy { abs($0 - $1) < 1e-9 } && cut.levels.count == 5)
        let curve = RegionCountCurve(cut, costPerContrast: 1)
        for threshold in [1.0, 2.5, 3.5, 5.0, 7.0, 9.9, 10.5, 11.0] {
            let merged = mergeWeakBorders(labels, count: 6, strength: strength, threshold: threshold,
                                          maxRegions: 100, smallArea: 0).count
            #expect(curve.regions(atContrast: threshold) == merged, "at \(threshold)")
        }
    }

    /// A merge of two regions too small to colour into one large enough adds a colourable
    /// region; undone at a lower cut, it takes it away again.
    @Test func regionsLargeEnoughToColourFollowTheMerges() {
        let (labels, strength) = Self.sixStrips()
        // Each strip is 100 px; 150 px of paper make a region large enough to colour.
        let colourable = ColourableArea(minPaperArea: 150, lineWidth: 0)
        let (_, _, cut) = mergeWeakBorders(labels, count: 6, strength: strength, threshold: 5,
                                           maxRegions: 100, smallArea: 0, colourable: colourable)
        // 0+1 (200 px), then 01+2 (300 px): the strips 3, 4 and 5 are too small to colour.
        #expect(cut.regions == 4 && cut.colourable == 1)
        #expect(cut.colourableChanges == [-1, 0])
        let curve = RegionCountCurve(cut, costPerContrast: 1)
        #expect(curve.colourableRegions(atContrast: 5) == 1)
        #expect(curve.colourableRegions(atContrast: 3) == 1)
        #expect(curve.colourableRegions(atContrast: 1) == 0)
        #expect(curve.regions(atContrast: 1) == 6)
    }

    /// The page's own count scaled by the hierarchy's: halfway (geometrically) between the
    /// change in all regions and the change in regions large enough to colour.
    @Test func aPagesCountAtALowerContrastIsScaledFromItsOwn() {
        let curve = RegionCountCurve(regions: 40, colourable: 20,
                                     mergeContrasts: [1.2, 1.5, 1.5, 1.8] + [Double](repeating: 1.9, count: 36),
                                     colourableChanges: [Int8](repeating: 0, count: 4) + [Int8](repeating: 1, count: 16)
                                        + [Int8](repeating: 0, count: 20))
        #expect(curve.regions(atContrast: 2) == 40 && curve.pageRegions(atContrast: 2, pageRegions: 25) == 25)
        // At 1.85 the 36 merges at 1.9 are undone: 76 regions (x1.9), 36 colourable (x1.8).
        #expect(curve.regions(atContrast: 1.85) == 76 && curve.colourableRegions(atContrast: 1.85) == 36)
        #expect(curve.pageRegions(atContrast: 1.85, pageRegions: 25) == Int((25 * (1.9 * 1.8).squareRoot()).rounded()))
    }

    /// On a photo the contrast a report names gives the page the count it said: fruits at the
    /// object preset has 26 regions on a 512 px page, and its report names the contrast at
    /// which the photo's fainter boundaries give the 50 the targets ask.
    @Test func theContrastAReportNamesGivesTheCountItSays() throws {
        let path = repositoryRoot.appendingPathComponent("SampleImages/fruits.jpg").path
        var preset = try BuiltinPresets.named("object")
        preset.settings.maxDimension = 512
        preset.settings.frame = "photo"
        let photo = try decodeImage(atPath: path, options: DecodeOptions(targetMaxDimension: 512)).image
        let page = try LineArtPipeline(preset: preset).run(photo).fillability
        #expect(page.regionCount < 50)
        let named = try #require(page.suggestions.first { $0.contains("fewer than minRegions 50") })
        let match = try #require(named.firstMatch(of: /^lower contrastAdjustment to ([0-9.]+): .* and about ([0-9]+) at \1,/))
        let (contrast, about) = (try #require(Double(match.1)), try #require(Int(match.2)))
        #expect(contrast < preset.settings.contrastAdjustment && about >= 50)
        preset.settings.contrastAdjustment = contrast
        let lower = try LineArtPipeline(preset: preset).run(photo).fillability.regionCount
        #expect(lower >= 50, "\(lower) regions at contrastAdjustment \(contrast)")
        #expect(abs(Double(lower - about)) <= 0.2 * Double(about), "about \(about), made: \(lower)")
    }
}
