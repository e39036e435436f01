import LineArtImage

/// The picture's outermost `depth` rows and columns replaced by the nearest pixel `depth`
/// in from the edge (clamped coordinates), so the segmentation sees no strip thinner than
/// that along the edges.
///
/// Scans and photos of paintings often keep a rim a pixel or two wide after their margins
/// are cut off (the canvas edge, a scanner's shadow). Segmented as it is, the rim becomes a
/// thin region all along the edges and the page gets a frame. A strip thinner than a stroke
/// cannot hold a region worth coloring anyway.
/// - Returns: `image` unchanged when `depth <= 0` or the image is too small to keep any inner pixel.
func replicatingEdgeRim(_ image: FloatImage, depth: Int) -> FloatImage {
    let width = image.width, height = image.height, ch = image.channels
    guard depth > 0, width > 2 * depth, height > 2 * depth else { return image }
    var out = image
    out.samples.withUnsafeMutableBufferPointer { px in
        func copy(from source: Int, to target: Int) {
            for c in 0..<ch { px[target * ch + c] = px[source * ch + c] }
        }
        // Columns first (on every row), then whole rows, so the corners take the inner corner pixel.
        for y in 0..<height {
            for x in 0..<depth {
                copy(from: y * width + depth, to: y * width + x)
                copy(from: y * width + width - 1 - depth, to: y * width + width - 1 - x)
            }
        }
        let rowLength = width * ch
        for y in 0..<depth {
            for (source, target) in [(depth, y), (height - 1 - depth, height - 1 - y)] {
                (px.baseAddress! + target * rowLength).update(from: px.baseAddress! + source * rowLength, count: rowLength)
            }
        }
    }
    return out
}
