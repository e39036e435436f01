import LineArtImage

/// What a tap-to-fill app needs to know about one paper region of a page; the `regions`
/// array of the report (``ImageReport/regions``), in label order.
public struct RegionInfo: Sendable, Equatable, Codable {
    /// The region's label: its value in `NAME.regions.png` (1...n; 0 is ink).
    public var id: Int
    /// Pixels in the region.
    public var area: Int
    /// Inclusive bounding box in pixels.
    public var bounds: LabelBounds
    /// A pixel inside the region: the one farthest from ink and the page edge (the first in
    /// row-major order among equals). A fill started here fills this region.
    public var seed: PixelPoint
    /// Radius in pixels of the largest disc centred on a pixel centre that stays on this
    /// region's paper and on the page: the distance from the seed's centre to the nearest
    /// ink pixel's centre or to the nearest pixel centre outside the image, minus ½. A
    /// one-pixel region has 0.5; a sliver stays small however long it is.
    public var inscribedRadius: Double
    /// Whether the region touches the image edge (it is not closed by ink).
    public var touchesBorder: Bool
    /// The regions separated from this one only by ink, ascending: those whose share of
    /// the ink (by ``nearestRegionLabels(_:)``, a 4-connected geodesic Voronoi partition
    /// of the ink) borders this region's share.
    public var neighbors: [Int]
    /// The region's colour in the photo (``regionColours(_:lab:tone:)``), `"#rrggbb"` in JSON: a
    /// hint for a palette or colour by number. nil when unknown.
    public var color: SRGBColour?

    public init(id: Int, area: Int, bounds: LabelBounds, seed: PixelPoint, inscribedRadius: Double,
                touchesBorder: Bool, neighbors: [Int], color: SRGBColour? = nil) {
        self.id = id
        self.area = area
        self.bounds = bounds
        self.seed = seed
        self.inscribedRadius = inscribedRadius
        self.touchesBorder = touchesBorder
        self.neighbors = neighbors
        self.color = color
    }
}
