import Testing
@testable import LineArtKit

@Suite struct SegmentationEngineTests {
    /// A Lab image (3 channels) from a per-pixel colour function.
    static func lab(width: Int, height: Int, _ colour: (Int, Int) -> (Float, Float, Float)) -> FloatImage {
        var image = FloatImage(width: width, height: height, channels: 3, repeating: 0)
        for y in 0..<height {
            for x in 0..<width {
                let (l, a, b) = colour(x, y)
                image[x, y, 0] = l; image[x, y, 1] = a; image[x, y, 2] = b
            }
        }
        return image
    }

    /// The regions engine's boundary drawing of `image` (contrast 1, regions of 500 px) and
    /// the number of paper regions on it.
    static func regions(of image: FloatImage, lineWidth: Int) -> (page: ByteImage, count: Int) {
        var parameters = ExtractionParameters(contrastAdjustment: 1)
        parameters.minRegionArea = 500
        parameters.lineWidth = lineWidth
        let page = SegmentationEngine().segmentBoundaries(image, parameters: parameters)
        return (page, FillabilityValidator(minRegionArea: 500).validate(page).regionCount)
    }

    @Test func twoFlatHalvesAreTwoSegments() {
        let image = Self.lab(width: 40, height: 30) { x, _ in x < 20 ? (30, 0, 0) : (70, 0, 0) }
        let (labels, count) = graphSegmentation(image, scale: 100, minSize: 10)
        #expect(count == 2)
        #expect(labels[0] != labels[39])
        #expect(Set(labels[0..<20]).count == 1)
    }

    @Test func isoluminantDiscIsItsOwnSegment() {
        // Red disc on green of the same L*: only colour tells them apart.
        let image = Self.lab(width: 64, height: 64) { x, y in
            let dx = x - 32, dy = y - 32
            return dx * dx + dy * dy < 15 * 15 ? (50, 60, 40) : (50, -50, 40)
        }
        let (labels, count) = graphSegmentation(image, scale: 200, minSize: 20)
        #expect(count == 2)
        #expect(labels[32 * 64 + 32] != labels[0])
    }

    @Test func smallSegmentsJoinTheirMostSimilarNeighbour() {
        // Left half dark, right half light; a 3x3 speck slightly lighter than the dark side.
        let image = Self.lab(width: 40, height: 30) { x, y in
            if (5..<8).contains(x) && (5..<8).contains(y) { return (38, 0, 0) }
            return x < 20 ? (30, 0, 0) : (80, 0, 0)
        }
        let (raw, rawCount) = graphSegmentation(image, scale: 1, minSize: 1)
        #expect(rawCount == 3)
        let (merged, count) = mergeSegments(raw, count: rawCount, colours: image, minArea: 20, maxCount: 100)
        #expect(count == 2)
        #expect(merged[6 * 40 + 6] == merged[0], "the speck joins the dark side, not the light one")
    }

    @Test func wardMergingStopsAtTheTargetCount() {
        // Eight vertical bands of slowly rising lightness.
        let image = Self.lab(width: 80, height: 20) { x, _ in (Float(10 + (x / 10) * 10), 0, 0) }
        let (raw, rawCount) = graphSegmentation(image, scale: 1, minSize: 1)
        #expect(rawCount == 8)
        let (_, count) = mergeSegments(raw, count: rawCount, colours: image, minArea: 1, maxCount: 3)
        #expect(count == 3)
    }

    @Test func boundariesCloseEverySegment() throws {
        // Three discs on a background: each becomes a closed paper region.
        let image = Self.lab(width: 120, height: 60) { x, y in
            for cx in [20, 60, 100] {
                let dx = x - cx, dy = y - 30
                if dx * dx + dy * dy < 12 * 12 { return (50, 60, 40) }
            }
            return (80, 0, 0)
        }
        var parameters = ExtractionParameters(contrastAdjustment: 1)
        parameters.minRegionArea = 50
        parameters.lineWidth = 1
        let page = SegmentationEngine().segmentBoundaries(image, parameters: parameters)
        let result = FillabilityValidator(minRegionArea: 50).validate(page)
        #expect(result.regionCount == 4)
        #expect(result.closedRegionCount == 3)
    }

    @Test func majorityFilterRemovesAOnePixelSpur() {
        var labels = [Int32](repeating: 0, count: 10 * 10)
        for y in 0..<10 { for x in 5..<10 { labels[y * 10 + x] = 1 } }
        labels[5 * 10 + 4] = 1  // a spur of label 1 into label 0
        let smoothed = majorityFilter(labels, width: 10, height: 10, passes: 1, threads: 1)
        #expect(smoothed[5 * 10 + 4] == 0)
        #expect(smoothed[5 * 10 + 5] == 1)
    }
}
