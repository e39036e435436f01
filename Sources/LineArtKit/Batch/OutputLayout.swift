import FoundationEssentials

/// Where each input's outputs go: the output folder mirrors the input tree, so
/// `a/img.jpg` and `b/img.jpg` never overwrite each other.
///
/// An output stem is the relative path without its extension (`a/img.jpg` → `a/img`).
/// A photo's files are `STEM.png|svg|pdf|json` and `STEM.regions.png`, so two stems clash
/// when they are equal ignoring case (`img.jpg` and `img.png` in one folder) or one is the
/// other plus `.regions` (`cat.regions.png`'s page would be `cat.jpg`'s region map); a stem
/// also clashes with the batch report (`report`), and with a folder of the output tree that
/// one of its files would be (`a.jpg`'s page `a.png` and the folder of `a.png/b.jpg`'s page).
/// Those inputs keep their full file name as the stem (`img.jpg` → `img.jpg.png`,
/// `img.jpg.json`), until no two clash, since a full name can be another photo's stem
/// (`img.jpg` and `img.jpg.png`). A photo whose full name still clashes (files without an
/// extension: `cat` and `cat.regions`, whose page would be `cat`'s region map, or `report`)
/// gets a numbered stem, the last such photo of the batch first: `cat.regions-2`, with the
/// smallest number that clashes with nothing. The same photos always get the same stems.
///
/// The layout also records the identities of the input photos (``InputPhotos``), so that
/// every output path it hands out is checked against them before anything is written: an
/// output folder that is a photo's own folder must not turn `coffee.png` into its page.
public struct OutputLayout: Sendable {
    public static let batchReportName = "report.json"
    /// What follows a stem in the name of each file a photo may get (``ConversionPaths``).
    static let fileSuffixes = ["png", "svg", "pdf", "json", "regions.png"]
    public let root: String
    public let stems: [String]
    /// The batch's photos, which no output may replace.
    public let inputPhotos: InputPhotos
    /// The batch report's name: `report.json`, or a shard's `report-K-of-N.json`.
    public var reportName = OutputLayout.batchReportName

    init(root: String, stems: [String], inputPhotos: InputPhotos, reportName: String) {
        self.root = root
        self.stems = stems
        self.inputPhotos = inputPhotos
        self.reportName = reportName
    }

    public init(root: String, inputs: [BatchInput]) {
        self.root = root
        inputPhotos = InputPhotos(inputs)
        var stems = inputs.map { PathString.deletingExtension($0.relativePath) }
        var numbered = Set<Int>()
        while true {
            let table = StemTable(stems)
            let clashing = stems.indices.filter { table.clashes(stems[$0], countedInTable: true) }
            guard let last = clashing.last else { break }
            // A stem that is already the full file name (or numbered) cannot grow further.
            let growing = clashing.filter { stems[$0] != inputs[$0].relativePath && !numbered.contains($0) }
            if !growing.isEmpty {
                for index in growing { stems[index] = inputs[index].relativePath }
                continue
            }
            // Only full names clash: number the last; the others are compared with it again.
            var others = stems
            others.remove(at: last)
            let rest = StemTable(others)
            stems[last] = (2...).lazy.map { "\(stems[last])-\($0)" }.first { !rest.clashes($0, countedInTable: false) }!
            numbered.insert(last)
        }
        self.stems = stems
    }

    /// The path of output `index` with the given extension (`png`, `json`, ...).
    public func path(for index: Int, extension ext: String) -> String {
        PathString.appending(stems[index] + "." + ext, to: root)
    }

    public var batchReportPath: String {
        PathString.appending(reportName, to: root)
    }
}

/// The stems of a batch, lowercased (a case-insensitive file system merges case), to tell
/// which stems' files would be another's file, the batch report, or a folder of the tree.
private struct StemTable {
    private var count: [String: Int] = [:]
    /// Every folder the stems' files are written in, relative to the output root.
    private var folders = Set<String>()
    private static let regionsSuffix = ".regions"
    private static let reserved = PathString.deletingExtension(OutputLayout.batchReportName)

    init(_ stems: [String]) {
        for stem in stems {
            var folder = stem.lowercased()
            count[folder, default: 0] += 1
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                folders.insert(folder)
            }
        }
    }

    /// Whether one of `stem`'s files would be another stem's file, the batch report or a
    /// folder of the tree. `countedInTable`: `stem` is one of the table's own stems (so
    /// it clashes by itself only when it is there twice).
    func clashes(_ stem: String, countedInTable: Bool) -> Bool {
        let lower = stem.lowercased()
        if count[lower, default: 0] > (countedInTable ? 1 : 0) || lower == Self.reserved { return true }
        // A shard's report (report-K-of-N.json) is reserved in every run, so that a batch has
        // the same names however it is split.
        if Shard.numbers(ofReportName: lower + ".json") != nil { return true }
        if count[lower + Self.regionsSuffix] != nil { return true }
        if lower.hasSuffix(Self.regionsSuffix), count[String(lower.dropLast(Self.regionsSuffix.count))] != nil { return true }
        return OutputLayout.fileSuffixes.contains { folders.contains(lower + "." + $0) }
    }
}
