import Testing
import LineArtKit

@Suite struct ThickenTests {
    let paper = MorphFixtures.paper, ink = MorphFixtures.ink

    @Test(arguments: 1...8)
    func straightLineBecomesThicknessWide(thickness: Int) {
        var h = ByteImage(width: 60, height: 30, repeating: paper)
        for x in 10..<50 { h[x, 15] = ink }
        let th = thickenInk(h, to: thickness)
        let columnInk = (0..<30).filter { th[30, $0] == ink }.count
        #expect(columnInk == thickness, "horizontal line, thickness \(thickness)")
        #expect(MorphFixtures.inkIsSubset(h, of: th))

        var v = ByteImage(width: 30, height: 60, repeating: paper)
        for y in 10..<50 { v[15, y] = ink }
        let tv = thickenInk(v, to: thickness)
        let rowInk = (0..<30).filter { tv[$0, 30] == ink }.count
        #expect(rowInk == thickness, "vertical line, thickness \(thickness)")
    }

    @Test func thicknessOneIsIdentity() {
        let m = MorphFixtures.randomLines(width: 40, height: 40, count: 6, seed: 11)
        #expect(thickenInk(m, to: 1) == m)
    }

    @Test func capsAreRoundNotSquare() {
        // A single dot thickened to 5 is the radius-2 disk (13 px), not a 5x5 square (25 px).
        var m = ByteImage(width: 15, height: 15, repeating: paper)
        m[7, 7] = ink
        #expect(MorphFixtures.inkCount(thickenInk(m, to: 5)) == 13)
    }
}
