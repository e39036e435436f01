/// One of the four corner pixels of an image, in the fixed order used for leak analysis.
public enum ImageCorner: String, Sendable, Codable, CaseIterable {
    case topLeft
    case topRight
    case bottomLeft
    case bottomRight

    /// The corner pixel's coordinates in a `width` × `height` image.
    public func position(width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .topLeft: return (0, 0)
        case .topRight: return (width - 1, 0)
        case .bottomLeft: return (0, height - 1)
        case .bottomRight: return (width - 1, height - 1)
        }
    }
}
