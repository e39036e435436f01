import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms

/// Outlines drawn taut within their pixels (`tautMidpoints`).
@Suite struct TautOutlineTests {
    /// The ink outline of a disc and of a rectangle: every midpoint stays within the reach of
    /// its pixel edge, across it, and the fixed ones do not move.
    @Test(arguments: [false, true])
    func midpointsStayWithinTheirPixels(rectangle: Bool) {
        var page = VectorTestPages.blank(60, 50)
        if rectangle {
            for y in 10..<40 { for x in 8..<50 { page[x, y] = 0 } }
        } else {
            VectorTestPages.disc(&page, cx: 30, cy: 25, r: 18)
        }
        let loop = traceInkBoundaries(page)[0], n = loop.count
        let midpoints = edgeMidpoints(loop)
        let fixed = edgesBesideCorners(loop, minRun: 3)
        #expect(fixed.contains(true) == rectangle, "only the rectangle has corners between long runs")
        let taut = tautMidpoints(loop, midpoints: midpoints, fixed: fixed, reach: 0.35, sweeps: 40)
        var moved = 0
        for i in 0..<n {
            let alongX = loop[i].y == loop[(i + 1) % n].y
            let across = alongX ? taut[i].y - midpoints[i].y : taut[i].x - midpoints[i].x
            let along = alongX ? taut[i].x - midpoints[i].x : taut[i].y - midpoints[i].y
            #expect(along == 0 && abs(across) <= 0.35 + 1e-12)
            if fixed[i] { #expect(across == 0) }
            if across != 0 { moved += 1 }
        }
        // The disc's staircase straightens out; the rectangle's straight sides have nothing to.
        #expect(rectangle ? moved == 0 : moved > n / 2, "\(moved) of \(n) moved")
    }

    @Test func aRectanglesCornersAreBesideCornersAndItsSidesAreNot() {
        var page = VectorTestPages.blank(20, 20)
        for y in 5..<15 { for x in 4..<16 { page[x, y] = 0 } }
        let loop = traceInkBoundaries(page)[0]
        let beside = edgesBesideCorners(loop, minRun: 3)
        #expect(beside.filter { $0 }.count == 8)  // two edges at each of four corners
        #expect(edgesBesideCorners(loop, minRun: 11).filter { $0 }.count == 0)  // the 10-px sides are too short
    }
}
