/// The result of connected-component labelling: one label per pixel plus per-label statistics.
///
/// Labels are `Int32`: 0 marks pixels that are *not* in the labelled set (the
/// background of the labelling, e.g. ink when labelling paper), and components are
/// numbered `1...count` in the row-major order of their first pixel (the topmost,
/// then leftmost pixel of each component). The numbering is therefore deterministic
/// and independent of the labelling algorithm.
///
/// The per-label arrays (`areas`, `bounds`, `touchesBorder`) have `count + 1`
/// entries and are indexed by label; entry 0 describes the pixels outside the set.
public struct LabelMap: Sendable, Equatable {
    /// Image width in pixels.
    public let width: Int
    /// Image height in pixels.
    public let height: Int
    /// Row-major labels, `width * height` entries: 0 = not in the set, `1...count` = component.
    public let labels: [Int32]
    /// The number of components.
    public let count: Int
    /// Pixel count per label (`areas[0]` = pixels not in the set).
    public let areas: [Int]
    /// Inclusive bounding box per label (`bounds[0]` covers the pixels not in the set;
    /// it is ``LabelBounds/empty`` when every pixel is in the set).
    package let bounds: [LabelBounds]
    /// Whether any pixel of the label lies in the first/last row or column.
    public let touchesBorder: [Bool]
    /// The connectivity the labels were computed with.
    package let connectivity: Connectivity

    package init(width: Int, height: Int, labels: [Int32], count: Int, areas: [Int],
                bounds: [LabelBounds], touchesBorder: [Bool], connectivity: Connectivity) {
        precondition(labels.count == width * height, "label count does not match geometry")
        precondition(areas.count == count + 1 && bounds.count == count + 1 && touchesBorder.count == count + 1,
                     "per-label arrays need count + 1 entries")
        self.width = width
        self.height = height
        self.labels = labels
        self.count = count
        self.areas = areas
        self.bounds = bounds
        self.touchesBorder = touchesBorder
        self.connectivity = connectivity
    }

    /// The label at a pixel (0 = not in the set).
    public subscript(x: Int, y: Int) -> Int32 {
        labels[y * width + x]
    }

    /// The number of pixels that belong to some component.
    public var labelledPixelCount: Int { width * height - areas[0] }

    /// The labels `1...count` whose component touches no image edge.
    public var interiorLabels: [Int32] {
        count == 0 ? [] : (1...count).filter { !touchesBorder[$0] }.map { Int32($0) }
    }
}
