import Testing
@testable import LineArtAlgorithms

@Suite struct NarrowPartsTests {
    /// 40x30: region 0 above row 12, a strip (label 1) of rows 12 ..< 12 + `strip`, region 2 below.
    static func strip(_ strip: Int) -> [Int32] {
        (0..<(40 * 30)).map { i -> Int32 in
            let y = i / 40
            return y < 12 ? 0 : (y < 12 + strip ? 1 : 2)
        }
    }

    @Test func aStripNarrowerThanTheLineGoesToTheRegionsBesideIt() {
        let out = withoutNarrowParts(Self.strip(2), width: 40, height: 30, lineWidth: 6)
        #expect(!out.contains(1), "the strip would be all ink")
        #expect(out[5 * 40 + 20] == 0 && out[25 * 40 + 20] == 2, "the regions beside it keep their labels")
        #expect(out[12 * 40 + 20] == 0 && out[13 * 40 + 20] == 2, "it is shared down its middle")
    }

    @Test func aStripWideEnoughForPaperBetweenItsLinesStays() {
        let labels = Self.strip(8)
        #expect(withoutNarrowParts(labels, width: 40, height: 30, lineWidth: 6) == labels)
    }

    @Test func onlyTheNarrowPartOfARegionGoes() {
        // Region 1: a 10x10 block (columns 5-14, rows 5-14) with a 2-px tail to its right
        // (columns 15-34, rows 9-10), in region 0.
        let w = 40, h = 20
        let labels = (0..<(w * h)).map { i -> Int32 in
            let (x, y) = (i % w, i / w)
            let block = (5..<15).contains(x) && (5..<15).contains(y)
            let tail = (15..<35).contains(x) && (9..<11).contains(y)
            return block || tail ? 1 : 0
        }
        let out = withoutNarrowParts(labels, width: w, height: h, lineWidth: 6)
        #expect(out[10 * w + 10] == 1, "the block keeps its middle")
        #expect(out[10 * w + 30] == 0, "the tail joins the region around it")
    }

    @Test func linesOfUnderFourPixelsLeaveTheLabelsAsTheyAre() {
        let labels = Self.strip(1)
        #expect(withoutNarrowParts(labels, width: 40, height: 30, lineWidth: 3) == labels)
    }
}
