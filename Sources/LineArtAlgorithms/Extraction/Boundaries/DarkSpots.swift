import LineArtImage

/// A dark spot: a shape too small to colour (``ColourableArea``), roughly round, whole (clear
/// of the page's edge), and darker than what surrounds it by at least `minDarkening` L*: a
/// pupil, a nostril, a ladybird's spot. A page draws it as solid ink, as a colouring book does, where the page's own
/// small-shape rule would otherwise erase it with what makes the subject recognisable.
struct DarkSpotRule: Sendable {
    /// L* (0...100) of each pixel of the labelled image.
    var lightness: [Float]
    var minDarkening: Float
    var colourable: ColourableArea
    /// The least `4π · area / perimeter²` (perimeter in 4-neighbour pixel pairs, so a disc
    /// reads about π/4): slivers (a shadow under a ledge, a crack) are lines, not spots.
    static let minRoundness = 0.4
    /// The most L* a spot's mean may have: near black, as a pupil is; a window in shade or a
    /// dark patch of bark is a shape to colour, not a spot to ink.
    static let maxLightness = 25.0

    /// Whether a region of `area` pixels and `perimeter` border pairs, of mean lightness
    /// `mean` among surroundings of mean lightness `surround`, is a dark spot. A region at the
    /// page's edge is not: it is the part of a shape the edge cuts (a shadow in a corner).
    func isSpot(area: Int, perimeter: Int, mean: Double, surround: Double, atEdge: Bool) -> Bool {
        guard !atEdge, area > 0, perimeter > 0, !colourable.allows(area: area, perimeter: perimeter) else { return false }
        let roundness = 4 * Double.pi * Double(area) / Double(perimeter * perimeter)
        return roundness >= Self.minRoundness && mean <= surround - Double(minDarkening) && mean <= Self.maxLightness
    }

    /// For each label of `labels` (regions `0..<count` of a `width` x `height` image), whether
    /// it is a dark spot among the regions around it (their mean lightness, weighed by the
    /// length of the border each shares with it).
    func spots(_ labels: [Int32], count: Int, width: Int, height: Int) -> [Bool] {
        var area = [Int](repeating: 0, count: count), perimeter = area
        var mean = [Double](repeating: 0, count: count), surround = mean
        for (i, l) in labels.enumerated() { area[Int(l)] += 1; mean[Int(l)] += Double(lightness[i]) }
        let atEdge = regionsAtEdge(labels, count: count, width: width, height: height)
        for r in 0..<count where area[r] > 0 { mean[r] /= Double(area[r]) }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x, a = Int(labels[i])
                func pair(_ j: Int) {
                    let b = Int(labels[j])
                    guard a != b else { return }
                    perimeter[a] += 1; perimeter[b] += 1
                    surround[a] += mean[b]; surround[b] += mean[a]
                }
                if x + 1 < width { pair(i + 1) }
                if y + 1 < height { pair(i + width) }
            }
        }
        return (0..<count).map { r in
            isSpot(area: area[r], perimeter: perimeter[r], mean: mean[r], surround: surround[r] / Double(max(1, perimeter[r])),
                   atEdge: atEdge[r])
        }
    }
}

/// For each label of `labels` (regions `0..<count` of a `width` x `height` image), whether
/// it has a pixel on the image's edge.
func regionsAtEdge(_ labels: [Int32], count: Int, width: Int, height: Int) -> [Bool] {
    var atEdge = [Bool](repeating: false, count: count)
    guard width > 0, height > 0 else { return atEdge }
    for x in 0..<width { atEdge[Int(labels[x])] = true; atEdge[Int(labels[(height - 1) * width + x])] = true }
    for y in 0..<height { atEdge[Int(labels[y * width])] = true; atEdge[Int(labels[y * width + width - 1])] = true }
    return atEdge
}
