import Testing
@testable import LineArtAlgorithms

@Suite struct RegionHistogramsTests {
    /// One L*a*b* triple per label, a* = b* = 0.
    static func greys(_ lightness: [Float]) -> [Float] { lightness.flatMap { [$0, 0, 0] } }

    @Test func alikeMixesAreNoDistanceApartAndDisjointOnesOne() {
        // Regions 0 and 1 both half L* 20, half L* 80; region 2 all L* 50 (the same mean).
        let labels: [Int32] = [0, 0, 0, 0, 1, 1, 2, 2]
        let histograms = RegionHistograms(labels: labels, count: 3, lab: Self.greys([20, 80, 20, 80, 80, 20, 50, 50]))
        #expect(histograms.chiSquared(0, 1, areaA: 4, areaB: 2) == 0)
        #expect(histograms.chiSquared(1, 2, areaA: 2, areaB: 2) == 1)
        #expect(abs(histograms.chiSquared(0, 2, areaA: 4, areaB: 2) - 1) < 1e-12)
    }

    @Test func theDistanceIsHalfTheChiSquaredSumOverTheBins() {
        // Region 0: 3 of 4 pixels in L* bin of 20, 1 in that of 80; region 1: 1 of 2 in each.
        let labels: [Int32] = [0, 0, 0, 0, 1, 1]
        let histograms = RegionHistograms(labels: labels, count: 2, lab: Self.greys([20, 20, 20, 80, 20, 80]))
        let expected = 0.5 * ((0.75 - 0.5) * (0.75 - 0.5) / 1.25 + (0.25 - 0.5) * (0.25 - 0.5) / 0.75)
        #expect(abs(histograms.chiSquared(0, 1, areaA: 4, areaB: 2) - expected) < 1e-12)
    }

    @Test func aJoinedRegionHoldsBothRegionsPixels() {
        let labels: [Int32] = [0, 1, 2, 2]
        var histograms = RegionHistograms(labels: labels, count: 3, lab: Self.greys([20, 80, 20, 80]))
        #expect(histograms.chiSquared(0, 2, areaA: 1, areaB: 2) > 0)
        histograms.join(1, into: 0)
        #expect(histograms.chiSquared(0, 2, areaA: 2, areaB: 2) == 0)
    }

    @Test func coloursOutsideTheRangeFallInTheOutermostBins() {
        #expect(RegionHistograms.bin(lightness: -5, a: -200, b: -200) == 0)
        #expect(RegionHistograms.bin(lightness: 120, a: 200, b: 200) == RegionHistograms.bins - 1)
        #expect(RegionHistograms.bin(lightness: 50, a: 0, b: 0) != RegionHistograms.bin(lightness: 50, a: 25, b: 0))
    }
}
