/// A run of contacts between the same two labels, met one after another in a scan.
///
/// Region adjacency graphs count how many pixel pairs two labels share; along a boundary
/// the same pair repeats pixel after pixel, so the graphs add a whole run at once
/// (``SegmentGraph`` of the regions engine, the region graph of ``mergeSmallRegions(_:minArea:lineWidth:keepShare:fillBelow:eraseLooseInk:)``).
struct AdjacencyRun {
    var a: Int32 = 0
    var b: Int32 = 0
    var length = 0

    /// Counts one more contact if it is between the run's labels (in either order).
    @inline(__always)
    mutating func extend(_ x: Int32, _ y: Int32) -> Bool {
        guard length > 0, (x == a && y == b) || (x == b && y == a) else { return false }
        length += 1
        return true
    }

    mutating func start(_ x: Int32, _ y: Int32) {
        a = x
        b = y
        length = 1
    }
}
