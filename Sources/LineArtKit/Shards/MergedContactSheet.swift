import FoundationEssentials

/// The contact sheet of a merged batch report (`report merge --contact-sheet`): a row for
/// each page, in the report's order, from the photo's report `NAME.json` beside its page.
/// - Returns: the sheet, and the pages whose report cannot be read (left out).
public func contactSheet(of report: BatchSummary) -> (sheet: ContactSheet, unreadable: [String]) {
    var rows: [ContactSheet.Row] = []
    var unreadable: [String] = []
    for page in report.pages {
        let reportPath = PathString.deletingExtension(page.page) + ".json"
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: reportPath)),
              let photoReport = try? JSONDecoder().decode(ImageReport.self, from: data) else {
            unreadable.append(reportPath)
            continue
        }
        rows.append(ContactSheet.Row(photoPath: page.input, report: photoReport))
    }
    return (ContactSheet(title: ContactSheet.batchTitle, rows: rows), unreadable)
}
