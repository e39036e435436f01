/// The inclusive bounding box of one labelled component, in pixel coordinates.
///
/// An empty box (no pixels) has `minX > maxX`; only the background entry
/// (label 0) of a ``LabelMap`` can be empty.
public struct LabelBounds: Sendable, Equatable, Hashable, Codable {
    public var minX: Int
    public var minY: Int
    public var maxX: Int
    public var maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box that contains no pixel.
    public static let empty = LabelBounds(minX: 0, minY: 0, maxX: -1, maxY: -1)

    public var isEmpty: Bool { maxX < minX || maxY < minY }
    /// Width in pixels (0 when empty).
    public var width: Int { isEmpty ? 0 : maxX - minX + 1 }
    /// Height in pixels (0 when empty).
    public var height: Int { isEmpty ? 0 : maxY - minY + 1 }
}
