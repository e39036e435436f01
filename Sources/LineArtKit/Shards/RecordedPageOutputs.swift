import FoundationEssentials

extension PageOutputs {
    /// The page outputs a photo's report records it was converted with: the formats of its
    /// pages, the paper, margin and PNG resolution of its `placement` (no region map, which
    /// no page depends on). Nil for a report without a placement (an earlier lineart).
    ///
    /// The margin is not recorded as such: it is the drawing's distance from the page edge
    /// on the side where it fills the page, rounded to a millionth of a millimetre to undo
    /// the arithmetic (a page drawn with it is checked against the recorded files anyway).
    init?(recordedIn report: ImageReport) {
        guard let placement = report.placement else { return nil }
        let formats = (report.pages ?? [report.page]).compactMap { PageFormat(rawValue: PathString.pathExtension($0)) }
        guard !formats.isEmpty else { return nil }
        var margin = 10.0
        if placement.paper != .none {
            let points = min(placement.points.drawing.x, placement.points.drawing.y)
            margin = (points / 72 * 25.4 * 1e6).rounded() / 1e6
        }
        self.init(formats: formats, page: placement.paper, marginMillimetres: margin, dpi: placement.png?.dpi,
                  keepDrawing: true)
    }
}
