import FoundationEssentials
import LineArtImage

extension ImageReport {
    /// The report `convert` wrote for the page at `pagePath`: `NAME.json` beside `NAME.png`,
    /// when it reads as a report, names a page file of this name (`page` or `pages`) and
    /// places its drawing on a PNG of `size`.
    /// - Returns: the report's path and the report, or nil when the page has none (a page
    ///   from another tool, a report of another file, a page resized since).
    public static func describing(pageAt pagePath: String, size: ImageSize) -> (path: String, report: ImageReport)? {
        let reportPath = PathString.deletingExtension(pagePath) + ".json"
        guard reportPath != pagePath,
              let data = try? Data(contentsOf: URL(fileURLWithPath: reportPath)),
              let report = try? JSONDecoder().decode(ImageReport.self, from: data),
              let png = report.placement?.png,
              png.width == Double(size.width), png.height == Double(size.height)
        else { return nil }
        let name = PathString.lastComponent(pagePath)
        let pages = [report.page] + (report.pages ?? [])
        guard pages.contains(where: { PathString.lastComponent($0) == name }) else { return nil }
        return (reportPath, report)
    }
}
