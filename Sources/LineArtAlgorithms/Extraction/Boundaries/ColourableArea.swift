/// The smallest region a page can colour, in working pixels: its paper, once half a line of
/// `lineWidth` is drawn along each border it shares (about `area − perimeter · lineWidth / 2`),
/// at least `minPaperArea`.
struct ColourableArea: Sendable, Equatable {
    var minPaperArea: Int
    var lineWidth: Int

    /// Every region is colourable.
    static let any = ColourableArea(minPaperArea: 0, lineWidth: 0)

    /// A small region whose weakest border is this many times the merge threshold is a shape
    /// of its own (an eye, a spot) and is not merged for its size.
    static let spotStrength = 3.0

    func allows(area: Int, perimeter: Int) -> Bool {
        paper(area: area, perimeter: perimeter) >= minPaperArea
    }

    /// Whether a region keeps any paper once its lines are drawn. One that does not (a sliver
    /// between two borders, a fin narrower than two lines) would be all ink: a line of double
    /// width or a blob, never a shape of its own.
    func keepsPaper(area: Int, perimeter: Int) -> Bool {
        paper(area: area, perimeter: perimeter) > 0
    }

    private func paper(area: Int, perimeter: Int) -> Int {
        area - perimeter * lineWidth / 2
    }
}
