import ArgumentParser
import FoundationEssentials
import LineArtKit

/// `--format`, `--page`, `--margin`, `--dpi`, `--booklet`, `--regions` of `convert`.
struct PageOutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Page formats: png, svg, pdf; comma-separated or repeated, e.g. --format png,svg (default: png).",
        valueName: "formats"))
    var format: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Paper: a4, letter or none (the working bitmap, as the drawing was measured). With a paper the drawing is fitted inside the margins, on a landscape page if it is wider than tall (default: the locale's paper: letter for US and Canada, else a4).",
        valueName: "a4|letter|none"))
    var page: String?

    // A number option takes the next argument whatever it looks like (parsing: .unconditional),
    // so a negative value (`--margin -5`) reaches the range check in validate() instead of being
    // read as an option named '-5'.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Margin on every side of the paper, in millimetres.", valueName: "mm"))
    var margin: Double = 10

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "PNG resolution: with a paper the traced page is rendered at this DPI (default 300); without, it is only recorded in the PNG.",
        valueName: "dpi"))
    var dpi: Double?

    @Option(name: .long, help: ArgumentHelp(
        "Also write every converted page of the batch, in input order, into this one PDF (an existing file only with --overwrite or --skip-existing).",
        valueName: "file.pdf"))
    var booklet: String?

    @Flag(name: .long, help: "Also write NAME.regions.png (16-bit region labels, at the working size: NAME.png's with --page none) and the regions of each page in NAME.json, for tap-to-fill apps.")
    var regions = false

    func validate() throws {
        _ = try resolve(environment: [:])
        if !(margin >= 0 && margin <= 100) { throw ValidationError("--margin must be between 0 and 100 mm") }
        if let dpi, !(dpi >= 10 && dpi <= 2400) { throw ValidationError("--dpi must be between 10 and 2400") }
    }

    /// The options as a ``PageOutputs``; without `--page`, the paper of the locale in
    /// `environment` (``LocalePaper``).
    func resolve(environment: [String: String]) throws -> PageOutputs {
        let formats: [PageFormat]
        do {
            formats = try PageOutputs.parseFormats(format)
        } catch {
            throw ValidationError("--format: \(error.description)")
        }
        let size: PageSize
        if let page {
            guard let named = PageSize(rawValue: page.lowercased()) else {
                throw ValidationError("--page: unknown paper '\(page)': expected a4, letter or none")
            }
            size = named
        } else {
            size = LocalePaper.paper(environment: environment)
        }
        return PageOutputs(formats: formats, page: size, marginMillimetres: margin, dpi: dpi,
                           regions: regions, keepDrawing: booklet != nil)
    }
}
