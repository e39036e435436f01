import LineArtImage

/// A corner of the pixel grid: pixel (x, y) has corners (x, y) ... (x + 1, y + 1).
package struct GridVertex: Sendable, Equatable, Hashable {
    package var x: Int
    package var y: Int
    package init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// Traces the boundaries between ink (`sample < 128`) and paper of a 1-channel line-art
/// page into closed loops of pixel corners ("crack following" along pixel edges).
///
/// Every pixel edge with ink on one side and paper (or the outside of the image) on the
/// other becomes a directed unit step that keeps the ink on its **left** in y-down
/// coordinates (anticlockwise on screen round an ink blob, clockwise round a hole), so the
/// loops fill correctly with the nonzero and the even-odd rule alike, and the area they
/// enclose is exactly the number of ink pixels.
///
/// Where two ink pixels touch only at a corner (a saddle), the walk turns right, i.e.
/// keeps going round the same ink: ink is 8-connected, which is the dual of the
/// validator's 4-connected paper regions, so each traced hole is one paper region.
///
/// - Parameter page: 1-channel line art; other channel counts are a precondition failure.
/// - Returns: one loop per boundary, the corners in walking order, the start not repeated;
///   each loop lists every unit step's start (collinear corners included). Loops come in
///   row-major order of their first step.
package func traceInkBoundaries(_ page: ByteImage) -> [[GridVertex]] {
    precondition(page.channels == 1, "traceInkBoundaries needs a 1-channel page")
    let w = page.width, h = page.height
    guard w > 0, h > 0 else { return [] }
    let vw = w + 1, vh = h + 1
    // Direction codes: 0 east, 1 south, 2 west, 3 north (y down). Bit d of `pending[v]`:
    // an unwalked step leaves vertex v in direction d.
    var pending = [UInt8](repeating: 0, count: vw * vh)
    let dx = [1, 0, -1, 0], dy = [0, 1, 0, -1]
    page.samples.withUnsafeBufferPointer { src in
        @inline(__always) func ink(_ x: Int, _ y: Int) -> Bool {
            x >= 0 && y >= 0 && x < w && y < h && src[y * w + x] < 128
        }
        for y in 0..<vh {
            for x in 0..<vw {
                var bits: UInt8 = 0
                if x < w && ink(x, y - 1) && !ink(x, y) { bits |= 1 }        // east: ink above
                if y < h && ink(x, y) && !ink(x - 1, y) { bits |= 2 }        // south: ink right
                if x > 0 && ink(x - 1, y) && !ink(x - 1, y - 1) { bits |= 4 } // west: ink below
                if y > 0 && ink(x - 1, y - 1) && !ink(x, y - 1) { bits |= 8 } // north: ink left
                pending[y * vw + x] = bits
            }
        }
    }
    var loops: [[GridVertex]] = []
    for start in 0..<(vw * vh) where pending[start] != 0 {
        while pending[start] != 0 {
            var loop: [GridVertex] = []
            var v = start
            var d = pending[start] & 1 != 0 ? 0 : (pending[start] & 2 != 0 ? 1 : (pending[start] & 4 != 0 ? 2 : 3))
            while true {
                loop.append(GridVertex(x: v % vw, y: v / vw))
                pending[v] &= ~(1 << UInt8(d))
                v = (v / vw + dy[d]) * vw + (v % vw + dx[d])
                let bits = pending[v]
                if bits == 0 { break }  // back at the start: the loop is closed
                // Prefer right turn (8-connected ink), then straight, then left.
                let right = (d + 1) & 3, left = (d + 3) & 3
                if bits & (1 << UInt8(right)) != 0 { d = right }
                else if bits & (1 << UInt8(d)) != 0 { /* straight */ }
                else if bits & (1 << UInt8(left)) != 0 { d = left }
                else { break }  // only the reversed step is left: cannot happen on a valid boundary
            }
            loops.append(loop)
        }
    }
    return loops
}
