import LineArtImage
import LineArtAlgorithms

/// Where the drawing lies on the page files: the `placement` object of the report.
///
/// Every pixel position of the report (`regions`, `faces`) and of the region map is in
/// *drawing pixels*: the working bitmap of `processedSize`. The page files show that bitmap
/// scaled and moved: on paper (`--page a4|letter`) centred inside the margins, and the PNG
/// rendered at `--dpi`. A placement gives, for each coordinate space of the page files,
/// the page's size, the drawing's rectangle on it and the scale, taken from the same
/// ``PageLayout`` and ``PageRaster`` the writers draw with.
///
/// Both spaces have their origin at the page's top-left corner and y pointing down (as in
/// SVG and PNG; a PDF measures y from the bottom: `y = points.height - pdfY`). A page
/// position `(u, v)` lies on drawing pixel
///
///     column = floor((u - drawing.x) / scale),  row = floor((v - drawing.y) / scale)
///
/// when `0 ≤ column < processedSize.width` and `0 ≤ row < processedSize.height`, and in the
/// margin otherwise (``Space/drawingPixel(atX:y:)``). For PNG pixel `(i, j)` take its
/// centre, `(i + 0.5, j + 0.5)`.
public struct PagePlacement: Sendable, Equatable, Codable {
    /// The paper (`--page`); ``PageSize/none`` when the page is the drawing itself.
    public var paper: PageSize
    /// Whether the page is wider than tall (with paper: the drawing is wider than tall and
    /// the page is turned, not the drawing).
    public var landscape: Bool
    /// The SVG and PDF pages (and the `--booklet` page of the photo), in points (1/72 in):
    /// the SVG's viewBox units, the PDF's MediaBox (both written with 2 decimals). With no
    /// paper, 1 point per drawing pixel.
    public var points: Space
    /// `NAME.png` in its pixels, when a PNG is written: the page rendered at `dpi` with a
    /// paper size, the drawing's own bitmap (scale 1) without.
    public var png: Space?

    /// A page file's coordinate space.
    public struct Space: Sendable, Equatable, Codable {
        /// The PNG's resolution (its pHYs chunk); absent for points, and for a PNG without
        /// one (no paper and no `--dpi`).
        public var dpi: Double?
        /// The page's size in this space's units (whole numbers for a PNG).
        public var width: Double
        public var height: Double
        /// The drawing's rectangle on the page: its top-left corner and size.
        public var drawing: Rectangle
        /// Units of this space per drawing pixel.
        public var scale: Double

        public init(dpi: Double? = nil, width: Double, height: Double, drawing: Rectangle, scale: Double) {
            self.dpi = dpi
            self.width = width
            self.height = height
            self.drawing = drawing
            self.scale = scale
        }

        /// The space of a page whose drawing of `drawingWidth × drawingHeight` pixels is
        /// mapped by `transform` (a uniform scale and a translation, as ``PageLayout`` and
        /// ``PageRaster`` make).
        init(dpi: Double?, width: Double, height: Double, transform: AffineTransform,
             drawingWidth: Int, drawingHeight: Int) {
            self.init(dpi: dpi, width: width, height: height,
                      drawing: Rectangle(x: transform.tx, y: transform.ty,
                                         width: transform.a * Double(drawingWidth),
                                         height: transform.d * Double(drawingHeight)),
                      scale: transform.a)
        }

        /// The drawing pixel under page position `(x, y)` (in this space's units, origin
        /// top-left): `floor((x - drawing.x) / scale)`, `floor((y - drawing.y) / scale)`.
        /// It lies outside the drawing (in the margin) when it is not inside `processedSize`.
        public func drawingPixel(atX x: Double, y: Double) -> PixelPoint {
            PixelPoint(x: Int(((x - drawing.x) / scale).rounded(.down)),
                       y: Int(((y - drawing.y) / scale).rounded(.down)))
        }
    }

    /// A rectangle: top-left corner `(x, y)` and size.
    public struct Rectangle: Sendable, Equatable, Codable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public init(paper: PageSize, landscape: Bool, points: Space, png: Space?) {
        self.paper = paper
        self.landscape = landscape
        self.points = points
        self.png = png
    }

    /// The placement of the pages drawn with `layout`, and of the PNG `png` when one is
    /// written.
    public init(layout: PageLayout, png: PageRaster?) {
        let points = Space(dpi: nil, width: layout.pageWidth, height: layout.pageHeight, transform: layout.transform,
                           drawingWidth: layout.drawingWidth, drawingHeight: layout.drawingHeight)
        let pngSpace = png.map {
            Space(dpi: $0.dpi, width: Double($0.width), height: Double($0.height), transform: $0.transform,
                  drawingWidth: layout.drawingWidth, drawingHeight: layout.drawingHeight)
        }
        self.init(paper: layout.size, landscape: layout.isLandscape, points: points, png: pngSpace)
    }
}
