/// The edge midpoints of a traced loop drawn taut: each slides across its pixel edge, toward
/// the middle of its two neighbours, but no farther than `reach` pixels, so the outline still
/// passes between the ink pixel's centre and the paper pixel's centre it lies between.
///
/// A digital curve steps by whole pixels: a shallow line is long flat runs with one-pixel
/// jogs between them, which a polygon through the midpoints keeps and a print enlarges into
/// ticks. Drawn taut, the runs and jogs become the even slope or curve they digitise, while
/// every pixel still lies on its own side of the outline, so the print reads back as the page.
///
/// Midpoints that `fixed` marks stay put: the tracer fixes the image border and both sides of
/// a corner between two runs of three steps or more (a rectangle's corner stays square).
/// - Parameters:
///   - loop: the loop's pixel corners (``traceInkBoundaries(_:)``); midpoint `i` lies on the
///     edge from corner `i` to corner `i + 1`.
///   - sweeps: passes over the loop (Gauss-Seidel); a jog spreads over about `√sweeps` steps.
package func tautMidpoints(_ loop: [GridVertex], midpoints: [VectorPoint], fixed: [Bool],
                           reach: Double, sweeps: Int) -> [VectorPoint] {
    let n = loop.count
    precondition(midpoints.count == n && fixed.count == n, "one midpoint per edge")
    guard n >= 3 else { return midpoints }
    var xs = midpoints.map(\.x), ys = midpoints.map(\.y)
    // An edge along x moves only in y, one along y only in x.
    let alongX = unitSteps(loop).map { $0 % 2 == 0 }
    xs.withUnsafeMutableBufferPointer { xs in
        ys.withUnsafeMutableBufferPointer { ys in
            for _ in 0..<sweeps {
                for i in 0..<n where !fixed[i] {
                    let previous = i == 0 ? n - 1 : i - 1, next = i == n - 1 ? 0 : i + 1
                    if alongX[i] {
                        let home = midpoints[i].y
                        ys[i] = home + min(reach, max(-reach, (ys[previous] + ys[next]) / 2 - home))
                    } else {
                        let home = midpoints[i].x
                        xs[i] = home + min(reach, max(-reach, (xs[previous] + xs[next]) / 2 - home))
                    }
                }
            }
        }
    }
    return (0..<n).map { VectorPoint(xs[$0], ys[$0]) }
}

/// Which edges of `loop` lie beside a corner between two straight runs of at least
/// `minRun` unit steps each (the edges on either side of the turn).
package func edgesBesideCorners(_ loop: [GridVertex], minRun: Int) -> [Bool] {
    let n = loop.count
    var beside = [Bool](repeating: false, count: n)
    guard n >= 4 else { return beside }
    let direction = unitSteps(loop)
    // Start at the first edge of a run, then walk the runs once round.
    guard let first = (0..<n).first(where: { direction[$0] != direction[($0 + n - 1) % n] }) else { return beside }
    var runs: [(start: Int, length: Int)] = []
    var k = 0
    while k < n {
        let start = (first + k) % n
        var length = 1
        while length < n - k && direction[(start + length) % n] == direction[start] { length += 1 }
        runs.append((start, length))
        k += length
    }
    for (j, run) in runs.enumerated() {
        let previous = runs[(j + runs.count - 1) % runs.count]
        if run.length >= minRun && previous.length >= minRun {
            beside[run.start] = true
            beside[(run.start + n - 1) % n] = true
        }
    }
    return beside
}

/// The midpoint of each unit step of `loop`, from corner `i` to corner `i + 1`.
package func edgeMidpoints(_ loop: [GridVertex]) -> [VectorPoint] {
    (0..<loop.count).map { i in
        let a = loop[i], b = loop[(i + 1) % loop.count]
        return VectorPoint(Double(a.x + b.x) / 2, Double(a.y + b.y) / 2)
    }
}

/// The direction of each unit step of `loop`, from corner `i` to corner `i + 1`: 0 east,
/// 1 south, 2 west, 3 north (y down).
func unitSteps(_ loop: [GridVertex]) -> [Int] {
    (0..<loop.count).map { i in
        let a = loop[i], b = loop[(i + 1) % loop.count]
        return b.x > a.x ? 0 : b.y > a.y ? 1 : b.x < a.x ? 2 : 3
    }
}
