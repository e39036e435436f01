import LineArtImage

/// A weight on the boundary strength that keeps a blurred background to a few big shapes:
/// 1 on the subject (inside `subject`, and wherever the photo has sharp edges near), falling
/// to `floor` where it has none (``FocusMap``), at `size`. Nil when the photo has no blurred
/// part to spare.
///
/// - Parameters:
///   - lightness: L* (0...100) of the photo before denoising and blur, 1 channel.
///   - subject: the subject's box in pixels of `size`: soft fur or skin keeps its lines.
///   - threads: threads for its resize and blur (the same weight for any count).
package func backgroundDetailWeight(_ lightness: FloatImage, size: ImageSize, subject: PixelRectangle,
                                    floor: Float = 0.4, threads: Int = 1) -> FloatImage? {
    // Read at the finder's sizes, so that a sharp edge means the same on every page.
    let finder = SubjectFinder()
    let detail = areaResize(lightness, to: fittedSize(lightness.size, maxDimension: finder.detailSide), threads: threads)
    let mapSize = fittedSize(lightness.size, maxDimension: finder.thumbnailSide)
    guard mapSize != detail.size, let focus = focusMap(lightness: detail, size: mapSize, threads: threads),
          focus.separates, focus.blankIsBlurred else { return nil }
    // Full weight wherever sharp edges are at a third of their densest: all of the subject.
    let weight = focus.sharpness.map { floor + (1 - floor) * min(1, $0 * 3) }
    let small = FloatImage(width: mapSize.width, height: mapSize.height, samples: weight)
    var full = bilinearUpscale(small, to: size)
    for y in max(0, subject.y)..<min(size.height, subject.y + subject.height) {
        for x in max(0, subject.x)..<min(size.width, subject.x + subject.width) { full.samples[y * size.width + x] = 1 }
    }
    return full
}
