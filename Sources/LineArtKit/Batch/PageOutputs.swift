import FoundationEssentials

/// A file format for the page.
public enum PageFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// 1-bit PNG: the working bitmap, or with a paper size the traced page rasterised at `dpi`.
    case png
    /// Traced outlines as SVG (``SVGWriter``).
    case svg
    /// Traced outlines as PDF (``PDFWriter``).
    case pdf
}

/// Which files ``PhotoConverter/convert(_:paths:outputs:existing:)`` writes for a photo.
public struct PageOutputs: Sendable, Equatable {
    /// Page formats, without repeats; default PNG only.
    public var formats: [PageFormat]
    /// Paper for the page: ``PageSize/none`` keeps the drawing's own size (and the PNG is the
    /// working bitmap, as without these options).
    public var page: PageSize
    /// Margin on every side, in millimetres (ignored for ``PageSize/none``).
    public var marginMillimetres: Double
    /// PNG resolution. With a paper size the PNG is the traced page rendered at this DPI
    /// (default 300); without, the working bitmap with this DPI in its pHYs chunk (default:
    /// no pHYs).
    public var dpi: Double?
    /// Write `NAME.regions.png` and the `regions` array of the report.
    public var regions: Bool
    /// Return the traced drawing (for a booklet) even when no vector format is written.
    public var keepDrawing: Bool

    public init(formats: [PageFormat] = [.png], page: PageSize = .none, marginMillimetres: Double = 10,
                dpi: Double? = nil, regions: Bool = false, keepDrawing: Bool = false) {
        var unique: [PageFormat] = []
        for format in formats where !unique.contains(format) { unique.append(format) }
        self.formats = unique.isEmpty ? [.png] : unique
        self.page = page
        self.marginMillimetres = marginMillimetres
        self.dpi = dpi
        self.regions = regions
        self.keepDrawing = keepDrawing
    }

    /// The DPI a paper-sized PNG is rendered at when `dpi` is nil.
    public static let defaultPrintDPI = 300.0

    /// Parses `--format` values: each a format or a comma-separated list (`png,svg`).
    /// - Throws: a message naming the unknown format.
    public static func parseFormats(_ values: [String]) throws(PageOutputsError) -> [PageFormat] {
        var formats: [PageFormat] = []
        for value in values {
            for part in value.split(separator: ",") {
                // Spaces and tabs around a name are ignored ("png, svg").
                let isBlank = { (c: Character) in c.isWhitespace && !c.isNewline }
                let name = String(part.drop(while: isBlank).reversed().drop(while: isBlank).reversed()).lowercased()
                guard let format = PageFormat(rawValue: name) else { throw .unknownFormat(String(part)) }
                if !formats.contains(format) { formats.append(format) }
            }
        }
        return formats
    }

    /// The page of `drawing` on this paper: the layout of its SVG and PDF pages and of its
    /// booklet page.
    func layout(of drawing: VectorDrawing) -> PageLayout {
        PageLayout(width: drawing.width, height: drawing.height, size: page, marginMillimetres: marginMillimetres)
    }

    /// Whether the photo needs tracing.
    var needsDrawing: Bool {
        keepDrawing || formats.contains(.svg) || formats.contains(.pdf) || (formats.contains(.png) && page != .none)
    }
}

/// A bad page-output option.
public enum PageOutputsError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownFormat(String)
    public var description: String {
        switch self {
        case .unknownFormat(let name): return "unknown format '\(name)': expected png, svg or pdf"
        }
    }
}

/// The files of one photo: `NAME.png|svg|pdf`, `NAME.json`, `NAME.regions.png`.
public struct ConversionPaths: Sendable, Equatable {
    /// The output path with an extension (`png`, `json`, `regions.png`, ...).
    public var base: String
    /// Photos none of these files may be (besides the photo being converted, which
    /// ``PhotoConverter/convert(_:paths:outputs:existing:)`` always protects).
    public var inputPhotos: InputPhotos

    /// `base` is the output path without the extension, e.g. `pages/holiday/cat`.
    public init(base: String, inputPhotos: InputPhotos = InputPhotos()) {
        self.base = base
        self.inputPhotos = inputPhotos
    }

    /// The paths of output `index` of `layout`, guarded against every photo of its batch.
    public init(layout: OutputLayout, index: Int) {
        let json = layout.path(for: index, extension: "json")
        self.init(base: String(json.dropLast(".json".count)), inputPhotos: layout.inputPhotos)
    }

    public func page(_ format: PageFormat) -> String { base + "." + format.rawValue }
    public var report: String { base + ".json" }
    public var regionMap: String { base + ".regions.png" }

    /// Every file written for the photo with `outputs`, in writing order: the pages, the
    /// region map, the report last (so a report means the rest is there).
    public func files(for outputs: PageOutputs) -> [String] {
        var files = outputs.formats.map { page($0) }
        if outputs.regions { files.append(regionMap) }
        files.append(report)
        return files
    }
}
