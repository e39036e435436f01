import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms

@Suite struct BoundaryDrawingTests {
    /// A 4x4 square (label 1) inside a 12x10 field (label 0).
    private let square: (labels: [Int32], width: Int, height: Int) = {
        let w = 12, h = 10
        let labels = (0..<(w * h)).map { i -> Int32 in
            let x = i % w, y = i / w
            return (4..<8).contains(x) && (3..<7).contains(y) ? 1 : 0
        }
        return (labels, w, h)
    }()

    @Test func inkOnTheLargerRegionLeavesASmallShapeAllOfItsPaper() {
        let page = drawBoundaries(square.labels, width: square.width, height: square.height,
                                  side: .largerRegion, threads: 1)
        for (i, sample) in page.samples.enumerated() where square.labels[i] == 1 { #expect(sample == 255) }
        // The ring just outside the square is ink, its corners (diagonal neighbours only) are not.
        let w = square.width
        #expect(page.samples[2 * w + 5] == 0 && page.samples[7 * w + 5] == 0)
        #expect(page.samples[4 * w + 3] == 0 && page.samples[4 * w + 8] == 0)
        #expect(page.samples[2 * w + 3] == 255)
        #expect(page.samples.filter { $0 == 0 }.count == 16)
    }

    @Test func upperLeftInkTakesTheSideOfTheBorderWhateverTheRegions() {
        let page = drawBoundaries(square.labels, width: square.width, height: square.height,
                                  side: .upperLeft, threads: 1)
        let w = square.width
        #expect(page.samples[2 * w + 5] == 0)  // above the square: the field's pixel
        #expect(page.samples[6 * w + 5] == 0)  // its bottom row: the square's own pixel
        #expect(page.samples[7 * w + 5] == 255)
    }

    @Test func inkOnTheLargerRegionIsTheSameForAMirroredPicture() {
        // Three regions of different areas side by side with a wandering border.
        let w = 15, h = 9
        let labels = (0..<(w * h)).map { i -> Int32 in
            let x = i % w, y = i / w
            return x < 4 + y % 3 ? 0 : (x < 9 + y % 2 ? 1 : 2)
        }
        let mirrored = Image(width: w, height: h, samples: labels).oriented(.mirrorHorizontal).samples
        for threads in [1, 2] {
            let page = drawBoundaries(labels, width: w, height: h, side: .largerRegion, threads: threads)
            let back = drawBoundaries(mirrored, width: w, height: h, side: .largerRegion, threads: threads)
            #expect(back.oriented(.mirrorHorizontal) == page)
        }
        let upperLeft = drawBoundaries(labels, width: w, height: h, side: .upperLeft, threads: 1)
        let upperLeftBack = drawBoundaries(mirrored, width: w, height: h, side: .upperLeft, threads: 1)
        #expect(upperLeftBack.oriented(.mirrorHorizontal) != upperLeft)
    }
}
