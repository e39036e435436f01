import Testing
import LineArtKit

@Suite struct BinaryMorphologyTests {
    /// (width, height) pairs, including lines and masks smaller than the element.
    static let shapes: [(Int, Int)] = [(1, 1), (1, 13), (17, 1), (5, 4), (31, 29), (64, 9)]

    @Test(arguments: [1, 2, 3, 4, 5, 7, 15])
    func squareDilationAndErosionMatchBruteForce(size: Int) {
        for (i, (w, h)) in Self.shapes.enumerated() {
            for p in [0.02, 0.2, 0.7] {
                let m = MorphFixtures.randomMask(width: w, height: h, inkProbability: p,
                                                 seed: UInt64(size * 1000 + i * 10) + UInt64(p * 100))
                let e = StructuringElement.square(size: size)
                #expect(dilateInk(m, by: e) == MorphBrute.dilateInk(m, e), "dilate \(w)x\(h) p=\(p)")
                #expect(erodeInk(m, by: e) == MorphBrute.erodeInk(m, e), "erode \(w)x\(h) p=\(p)")
            }
        }
    }

    @Test(arguments: [0, 1, 2, 3, 5, 8])
    func diskDilationAndErosionMatchBruteForce(radius: Int) {
        for (i, (w, h)) in Self.shapes.enumerated() {
            for p in [0.01, 0.1, 0.6] {
                let m = MorphFixtures.randomMask(width: w, height: h, inkProbability: p,
                                                 seed: UInt64(radius * 977 + i * 13) + UInt64(p * 100))
                let e = StructuringElement.disk(radius: radius)
                #expect(dilateInk(m, by: e) == MorphBrute.dilateInk(m, e), "dilate \(w)x\(h) p=\(p)")
                #expect(erodeInk(m, by: e) == MorphBrute.erodeInk(m, e), "erode \(w)x\(h) p=\(p)")
            }
        }
    }

    @Test func diskOffsetsAreTheDigitalDisk() {
        #expect(StructuringElement.disk(radius: 1).offsets.count == 5)   // plus
        #expect(StructuringElement.disk(radius: 2).offsets.count == 13)
        #expect(StructuringElement.square(size: 2).offsets.map { [$0.dx, $0.dy] } == [[0, 0], [1, 0], [0, 1], [1, 1]])
        #expect(StructuringElement.square(size: 3).offsets.first.map { [$0.dx, $0.dy] } == [-1, -1])
    }

    @Test func inkDoesNotGrowFromOutsideAndBorderInkIsNotEatenByClosing() {
        // All-paper stays paper under dilation; a 1-px stroke along the border survives closing.
        let blank = ByteImage(width: 12, height: 10, repeating: MorphFixtures.paper)
        #expect(dilateInk(blank, by: .square(size: 7)) == blank)
        #expect(dilateInk(blank, by: .disk(radius: 4)) == blank)
        var border = blank
        for x in 0..<12 { border[x, 0] = MorphFixtures.ink }
        for y in 0..<10 { border[11, y] = MorphFixtures.ink }
        for e in [StructuringElement.square(size: 2), .square(size: 4), .square(size: 5)] {
            #expect(closeInk(border, by: e) == border, "\(e)")  // squares fit in the corner
        }
        for e in [StructuringElement.disk(radius: 1), .disk(radius: 3)] {
            #expect(MorphFixtures.inkIsSubset(border, of: closeInk(border, by: e)), "\(e)")
        }
        // All-ink is unchanged by erosion (outside is ignored, not paper).
        let full = ByteImage(width: 6, height: 5, repeating: MorphFixtures.ink)
        #expect(erodeInk(full, by: .square(size: 5)) == full)
        #expect(erodeInk(full, by: .disk(radius: 3)) == full)
    }

    @Test(arguments: [StructuringElement.square(size: 2), .square(size: 3), .square(size: 4),
                      .square(size: 8), .disk(radius: 1), .disk(radius: 3)])
    func closingIsExtensiveAndIdempotentOpeningIsAntiExtensive(element: StructuringElement) {
        for seed in 0..<6 as Range<UInt64> {
            let m = seed % 2 == 0
                ? MorphFixtures.randomLines(width: 57, height: 43, count: 9, seed: seed)
                : MorphFixtures.randomMask(width: 57, height: 43, inkProbability: 0.15, seed: seed)
            let closed = closeInk(m, by: element)
            #expect(MorphFixtures.inkIsSubset(m, of: closed), "closing removed ink, seed \(seed)")
            #expect(closeInk(closed, by: element) == closed, "closing not idempotent, seed \(seed)")
            let opened = openInk(m, by: element)
            #expect(MorphFixtures.inkIsSubset(opened, of: m), "opening added ink, seed \(seed)")
            #expect(openInk(opened, by: element) == opened, "opening not idempotent, seed \(seed)")
            // Closing = erosion of the dilation, per the brute-force definitions.
            #expect(closed == MorphBrute.erodeInk(MorphBrute.dilateInk(m, element), element))
        }
    }
}
