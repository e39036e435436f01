/// A paper size for printed pages.
public enum PageSize: String, Sendable, Equatable, CaseIterable, Codable {
    /// ISO A4, 210 × 297 mm = 595.28 × 841.89 pt.
    case a4
    /// US Letter, 8.5 × 11 in = 612 × 792 pt.
    case letter
    /// No paper: the page is the drawing itself (1 pixel = 1 pt in PDF, 1 user unit in SVG).
    case none

    /// Portrait width and height in points (1/72 in); nil for `.none`.
    public var portraitPoints: (width: Double, height: Double)? {
        switch self {
        case .a4: return (210 / 25.4 * 72, 297 / 25.4 * 72)
        case .letter: return (612, 792)
        case .none: return nil
        }
    }
}

/// Where a drawing of `width × height` pixels goes on a page.
///
/// The page's orientation follows the drawing: a landscape drawing (wider than tall) gets a
/// landscape page (A4 becomes 841.89 × 595.28 pt), a portrait or square one a portrait page.
/// The drawing itself is never rotated, so SVGs look upright on screen and PDF viewers and
/// printers rotate landscape pages as they do for any document. It is scaled uniformly to
/// the largest size that fits inside the margins and centred.
///
/// Page coordinates are points with the origin at the top-left and y down (as in SVG);
/// ``PDFWriter`` flips them for PDF's bottom-left origin.
public struct PageLayout: Sendable, Equatable {
    /// Page width and height in points.
    public var pageWidth: Double
    public var pageHeight: Double
    /// Maps drawing pixels to page points (y down).
    package var transform: AffineTransform
    /// The paper size asked for.
    public var size: PageSize
    /// The drawing's size in pixels (at least 1 × 1).
    public var drawingWidth: Int
    public var drawingHeight: Int

    /// - Parameters:
    ///   - width, height: the drawing's size in pixels (positive).
    ///   - size: the paper; `.none` gives a page of `width × height` pt with no margin.
    ///   - marginMillimetres: blank border on every side (≥ 0; clamped so the drawing keeps
    ///     at least a tenth of the page).
    public init(width: Int, height: Int, size: PageSize, marginMillimetres: Double = 10) {
        self.size = size
        drawingWidth = max(1, width)
        drawingHeight = max(1, height)
        let w = Double(drawingWidth), h = Double(drawingHeight)
        guard let portrait = size.portraitPoints else {
            pageWidth = w
            pageHeight = h
            transform = .identity
            return
        }
        let landscape = w > h
        pageWidth = landscape ? portrait.height : portrait.width
        pageHeight = landscape ? portrait.width : portrait.height
        let maxMargin = 0.45 * min(pageWidth, pageHeight)
        let margin = min(maxMargin, max(0, marginMillimetres) / 25.4 * 72)
        let scale = min((pageWidth - 2 * margin) / w, (pageHeight - 2 * margin) / h)
        transform = .scale(scale, translateX: (pageWidth - scale * w) / 2,
                           translateY: (pageHeight - scale * h) / 2)
    }

    /// Points per drawing pixel (the transform's scale).
    public var scale: Double { transform.a }

    /// Whether the page is wider than tall (for a paper size: the drawing is wider than tall).
    public var isLandscape: Bool { pageWidth > pageHeight }
}
