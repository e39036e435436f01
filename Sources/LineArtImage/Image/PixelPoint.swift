/// A pixel position.
public struct PixelPoint: Sendable, Equatable, Hashable, Codable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
