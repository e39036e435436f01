import Testing
@testable import LineArtKit

@Suite struct ThinSegmentsTests {
    /// Labels and Lab colours from a function of (x, y) giving (label, L*, a*).
    static func scene(width: Int, height: Int,
                      _ f: (Int, Int) -> (label: Int32, l: Float, a: Float)) -> ([Int32], FloatImage) {
        var labels = [Int32](), samples = [Float]()
        for y in 0..<height {
            for x in 0..<width {
                let p = f(x, y)
                labels.append(p.label)
                samples += [p.l, p.a, 0]
            }
        }
        return (labels, FloatImage(width: width, height: height, channels: 3, samples: samples))
    }

    /// Dark left (label 0), a 4 px band (label 1) of the given colour, light right (label 2).
    static func bandScene(bandWidth: Int = 4, bandL: Float = 50, bandA: Float = 0,
                          bandRows: Range<Int> = 0..<100) -> ([Int32], FloatImage) {
        scene(width: 80, height: 100) { x, y in
            if (40..<(40 + bandWidth)).contains(x) && bandRows.contains(y) { return (1, bandL, bandA) }
            return x < 40 + bandWidth / 2 ? (0, 20, 0) : (2, 80, 0)
        }
    }

    @Test func anInBetweenBandIsSplitDownTheMiddle() {
        let (labels, colours) = Self.bandScene()
        let (out, count) = dissolvingThinSegments(labels, count: 3, colours: colours,
                                                  maxWidth: 6, minElongation: 6, betweenness: 1.2, threads: 1)
        #expect(count == 2)
        for y in [0, 50, 99] {
            let row = Array(out[(y * 80)..<(y * 80 + 80)])
            #expect(row[0..<42].allSatisfy { $0 == 0 } && row[42..<80].allSatisfy { $0 == 1 },
                    "row \(y): \(row[36..<48])")
        }
    }

    @Test func aStrokeOfItsOwnColourStays() {
        // A red band between a dark and a light gray is a shape, not a soft edge.
        let (labels, colours) = Self.bandScene(bandA: 60)
        let (out, count) = dissolvingThinSegments(labels, count: 3, colours: colours,
                                                  maxWidth: 6, minElongation: 6, betweenness: 1.2, threads: 1)
        #expect(count == 3)
        #expect(out == labels)
        // Without the in-between condition it goes too.
        let (_, anyColour) = dissolvingThinSegments(labels, count: 3, colours: colours,
                                                    maxWidth: 6, minElongation: 6, betweenness: 0, threads: 1)
        #expect(anyColour == 2)
    }

    @Test func wideOrShortBandsStay() {
        let (wide, wideColours) = Self.bandScene(bandWidth: 10)
        #expect(dissolvingThinSegments(wide, count: 3, colours: wideColours,
                                       maxWidth: 6, minElongation: 6, betweenness: 1.2, threads: 1).count == 3)
        // 4 px wide, 10 px long: mean width 2·40/28 ≈ 2.9, area / width² ≈ 4.9 < 6.
        let (short, shortColours) = Self.bandScene(bandRows: 45..<55)
        #expect(dissolvingThinSegments(short, count: 3, colours: shortColours,
                                       maxWidth: 6, minElongation: 6, betweenness: 1.2, threads: 1).count == 3)
    }

    @Test func renumberingFollowsFirstPixels() {
        let (labels, count) = renumberedInScanOrder([5, 5, 2, 7, 2, 0], count: 8)
        #expect(labels == [0, 0, 1, 2, 1, 3])
        #expect(count == 4)
    }

    @Test func aBlurredEdgeIsDrawnOnce() {
        // Two flat colours meeting in a 7 px ramp, as a blurred edge looks.
        let colours = SegmentationEngineTests.lab(width: 300, height: 200) { x, _ in
            let t = Float(min(max(x - 147, 0), 6)) / 6
            return (30 + 50 * t, 40 - 80 * t, 0)
        }
        #expect(SegmentationEngineTests.regions(of: colours, lineWidth: 4).count == 2,
                "one line between the two colours, no band region")
    }

    @Test func theResultDoesNotDependOnThreads() {
        // Vertical stripes 2-10 px wide, each lighter than the one before (in-between colours).
        var widths = [Int](), x = 0
        while x < 240 { let w = [3, 9, 2, 7, 4, 10][widths.count % 6]; widths.append(w); x += w }
        let (labels, colours) = Self.scene(width: 240, height: 90) { x, y in
            var start = 0
            for (k, w) in widths.enumerated() {
                if x < start + w { return (Int32(k), 10 + 2.5 * Float(k) + Float(y % 3), Float(k % 2)) }
                start += w
            }
            return (Int32(widths.count - 1), 0, 0)
        }
        let one = dissolvingThinSegments(labels, count: widths.count, colours: colours, maxWidth: 6,
                                         minElongation: 6, betweenness: 1.2, threads: 1)
        let two = dissolvingThinSegments(labels, count: widths.count, colours: colours, maxWidth: 6,
                                         minElongation: 6, betweenness: 1.2, threads: 2)
        #expect(one.count < widths.count, "some stripes dissolve: \(one.count) of \(widths.count)")
        #expect(one.labels == two.labels && one.count == two.count)
    }
}

