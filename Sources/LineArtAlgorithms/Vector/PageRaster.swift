import LineArtCodecs

/// A page as a PNG: its size in pixels and where the drawing's pixels land on it.
///
/// With a paper size the PNG is the traced page of a ``PageLayout`` rendered at `dpi`
/// (`printedRows(_:raster:pinning:)`); without one it is the drawing's own bitmap.
/// ``PagePlacement`` reports these same values, so the report and the PNG cannot disagree.
public struct PageRaster: Sendable, Equatable {
    /// The resolution written in the PNG's pHYs chunk; nil when it has none (the drawing's
    /// own bitmap without `--dpi`).
    public var dpi: Double?
    /// The PNG's size in pixels.
    public var width: Int
    public var height: Int
    /// Maps drawing pixels to PNG pixels (y down, origin at the PNG's top-left corner).
    package var transform: AffineTransform

    /// The page of `layout` at `dpi`: `pageWidth × dpi / 72` by `pageHeight × dpi / 72`
    /// pixels, each rounded to the nearest integer, and the layout's transform scaled by
    /// `dpi / 72` (points to pixels).
    /// - Throws: `.invalidInput` when `dpi` is not positive and finite or the page would be
    ///   larger than 30000 pixels a side.
    public init(layout: PageLayout, dpi: Double) throws(CodecError) {
        let pixelsPerPoint = dpi / 72
        let exactWidth = (layout.pageWidth * pixelsPerPoint).rounded()
        let exactHeight = (layout.pageHeight * pixelsPerPoint).rounded()
        // Checked as Doubles: an infinite or huge `dpi` must be an error, not an Int trap.
        guard dpi.isFinite, dpi > 0, exactWidth >= 1, exactHeight >= 1, exactWidth <= 30000, exactHeight <= 30000 else {
            throw .invalidInput("--dpi \(dpi) does not give a page of 1 to 30000 pixels a side")
        }
        let width = Int(exactWidth), height = Int(exactHeight)
        var t = layout.transform
        t.a *= pixelsPerPoint; t.b *= pixelsPerPoint; t.c *= pixelsPerPoint; t.d *= pixelsPerPoint
        t.tx *= pixelsPerPoint; t.ty *= pixelsPerPoint
        self.dpi = dpi
        self.width = width
        self.height = height
        self.transform = t
    }

    /// The drawing's own `width × height` bitmap written as it is (`--page none`): one PNG
    /// pixel per drawing pixel.
    public init(bitmapWidth width: Int, height: Int, dpi: Double?) {
        self.dpi = dpi
        self.width = width
        self.height = height
        self.transform = .identity
    }
}

