import LineArtImage

/// Thickens strokes of a line-art mask (0 = ink, 255 = paper) so that a 1-px line ends up
/// `thickness` pixels wide, with round-ish caps and joins.
///
/// Rule (exact for straight horizontal and vertical 1-px lines):
/// - `thickness == 1`: the mask is returned unchanged.
/// - odd `thickness = 2r + 1`: dilate the ink with `.disk(radius: r)` (width `2r + 1`).
/// - even `thickness = 2r + 2`: dilate with `.disk(radius: r)`, then with the 2×2 square
///   `.square(size: 2)` (width `2r + 2`). The extra half-pixel of growth goes right/down;
///   the net shape (a disk swept over a 2×2 block) still has rounded caps.
/// Diagonal strokes come out about as thick measured perpendicular to the stroke.
/// Ink pixels of the input always stay ink. Cost is O(1) per pixel for any thickness.
///
/// - Parameter thickness: target stroke width in pixels, `>= 1` (the pipeline uses 1...8).
public func thickenInk(_ mask: ByteImage, to thickness: Int, threads: Int = 1) -> ByteImage {
    precondition(thickness >= 1, "thickness must be >= 1")
    precondition(mask.channels == 1, "morphology needs a 1-channel mask")
    if thickness == 1 { return mask }
    let radius = (thickness - 1) / 2
    var result = radius > 0 ? dilateInk(mask, by: .disk(radius: radius), threads: threads) : mask
    if thickness % 2 == 0 {
        result = dilateInk(result, by: .square(size: 2), threads: threads)
    }
    return result
}
