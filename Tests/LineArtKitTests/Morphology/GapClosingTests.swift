import Testing
import LineArtKit

/// "Closing with kernel k" = `closeInk(_, by: .gapClosing(kernel: k))` = closing with a
/// (k+1)×(k+1) square: a gap of g pixels between two line ends is sealed iff g <= k.
@Suite struct GapClosingTests {
    static let paper = MorphFixtures.paper, ink = MorphFixtures.ink

    /// Straight horizontal (or vertical) 1-px line across the image with a `gap`-px hole.
    static func brokenLine(gap: Int, vertical: Bool) -> (ByteImage, [(Int, Int)]) {
        let long = 40, short = 11
        var m = ByteImage(width: vertical ? short : long, height: vertical ? long : short, repeating: paper)
        var holes: [(Int, Int)] = []
        for t in 8..<(long - 8) {
            let (x, y) = vertical ? (5, t) : (t, 5)
            if t >= 15 && t < 15 + gap { holes.append((x, y)) } else { m[x, y] = ink }
        }
        return (m, holes)
    }

    @Test(arguments: 0...6)
    func straightGapIsSealedExactlyWhenNotWiderThanKernel(kernel: Int) {
        for vertical in [false, true] {
            for gap in 1...8 {
                let (m, holes) = Self.brokenLine(gap: gap, vertical: vertical)
                let closed = closeInkGaps(m, kernel: kernel)
                let sealed = holes.allSatisfy { closed[$0.0, $0.1] == Self.ink }
                #expect(sealed == (gap <= kernel), "kernel \(kernel) gap \(gap) vertical \(vertical)")
                #expect(MorphFixtures.inkIsSubset(m, of: closed))
                // Closing a straight line adds nothing but the gap.
                if sealed { #expect(MorphFixtures.inkCount(closed) == MorphFixtures.inkCount(m) + gap) }
            }
        }
    }

    /// Border frame effect of clipped windows: a line ending `g` px before the left/top border
    /// is joined to it when `g <= k / 2`, before the right/bottom border when `g <= (k + 1) / 2`.
    @Test(arguments: 1...6)
    func lineEndNearBorderIsJoinedToBorderWithinHalfKernel(kernel: Int) {
        for g in 1...5 {
            var left = ByteImage(width: 30, height: 9, repeating: Self.paper)
            for x in g..<20 { left[x, 4] = Self.ink }
            let l = closeInkGaps(left, kernel: kernel)
            #expect((l[0, 4] == Self.ink) == (g <= kernel / 2), "left g=\(g) k=\(kernel)")
            var right = ByteImage(width: 30, height: 9, repeating: Self.paper)
            for x in 10..<(30 - g) { right[x, 4] = Self.ink }
            let r = closeInkGaps(right, kernel: kernel)
            #expect((r[29, 4] == Self.ink) == (g <= (kernel + 1) / 2), "right g=\(g) k=\(kernel)")
        }
    }

    @Test func kernelZeroIsIdentityAndKernelMapsToSquareOfSideKPlusOne() {
        let m = MorphFixtures.randomLines(width: 30, height: 20, count: 5, seed: 3)
        #expect(closeInkGaps(m, kernel: 0) == m)
        #expect(StructuringElement.gapClosing(kernel: 1) == .square(size: 2))
        #expect(StructuringElement.gapClosing(kernel: 3) == .square(size: 4))
    }

    /// Radius-20 1-px circle with a 2-px gap cut `startIndex` steps into the first octant
    /// (index 1 = top, where the outline runs horizontally).
    static func brokenCircle(gap: Int, startIndex: Int) -> ByteImage {
        var m = MorphFixtures.circle(radius: 20, size: 64)
        let octant = MorphFixtures.circleOctant(radius: 20)
        for i in startIndex..<(startIndex + gap) { m[32 + octant[i].x, 32 + octant[i].y] = paper }
        return m
    }

    static func insideIsSealed(_ m: ByteImage) -> Bool {
        MorphFixtures.separated(m, from: (0, 0), to: (32, 32))
    }

    @Test func circleOutlineSeparatesInsideFromOutside() {
        #expect(Self.insideIsSealed(MorphFixtures.circle(radius: 20, size: 64)))
        #expect(!Self.insideIsSealed(Self.brokenCircle(gap: 2, startIndex: 1)))
        #expect(!Self.insideIsSealed(Self.brokenCircle(gap: 1, startIndex: 1)))
    }

    @Test func circleWithTwoPixelGapIsClosedByKernel3NotByKernel1() {
        let m = Self.brokenCircle(gap: 2, startIndex: 1)
        #expect(!Self.insideIsSealed(closeInkGaps(m, kernel: 1)))
        #expect(Self.insideIsSealed(closeInkGaps(m, kernel: 2)))
        #expect(Self.insideIsSealed(closeInkGaps(m, kernel: 3)))
    }

    @Test func circleWithOnePixelGapIsClosedByKernel1() {
        let m = Self.brokenCircle(gap: 1, startIndex: 1)
        #expect(!Self.insideIsSealed(closeInkGaps(m, kernel: 0)))
        #expect(Self.insideIsSealed(closeInkGaps(m, kernel: 1)))
    }

    /// Known limit of closing a 1-px line: on stair-stepped (diagonal / curved) stretches an
    /// element can sit in a step's corner, so the gap stays open for any k (see
    /// StructuringElement docs). Once strokes are >= 2 px wide it works: after thickening to
    /// 3 px, a 2-px cut anywhere along the first octant is sealed by kernel 3.
    @Test func gapsOnCurvedStretchesAreSealedOnceStrokesAreThick() {
        let n = MorphFixtures.circleOctant(radius: 20).count
        for start in 1..<(n - 2) {
            let m = Self.brokenCircle(gap: 2, startIndex: start)
            #expect(Self.insideIsSealed(closeInkGaps(thickenInk(m, to: 3), kernel: 3)), "start \(start)")
        }
    }
}
