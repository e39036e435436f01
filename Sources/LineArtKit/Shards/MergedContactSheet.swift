import FoundationEssentials

/// The contact sheet of a merged batch report (`report merge --contact-sheet`): a row for
/// each page, in the report's order, from the photo's report `NAME.json` beside its page.
/// - Returns: the sheet, and the pages whose report cannot be read (left out).
public func contactSheet(of report: BatchSummary) -> (sheet: ContactSheet, unreadable: [String]) {
    var rows: [ContactSheet.Row] = []
    var unreadable: [String] = []
    for page in report.pages {
        guard let photoReport = photoReport(of: page) else {
            unreadable.append(photoReportPath(of: page))
            continue
        }
        rows.append(ContactSheet.Row(photoPath: page.input, report: photoReport))
    }
    return (ContactSheet(title: ContactSheet.batchTitle, rows: rows), unreadable)
}

/// The path of the report `NAME.json` beside the page `NAME.png|svg|pdf` of a batch report's entry.
func photoReportPath(of page: BatchSummary.Page) -> String {
    PathString.deletingExtension(page.page) + ".json"
}

/// The report `NAME.json` of a batch report's page, or nil when it cannot be read as one.
func photoReport(of page: BatchSummary.Page) -> ImageReport? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: photoReportPath(of: page))) else { return nil }
    return try? JSONDecoder().decode(ImageReport.self, from: data)
}
