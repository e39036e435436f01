/// The HTML page of a tuning run: the top combinations side by side, each photo's page
/// under each of them with its metrics, so a person can see why one combination wins.
///
/// Self-contained HTML (inline CSS, no script); page images are referenced by the
/// relative paths given, which the caller writes next to the HTML.
public struct TuningReportHTML: Sendable {
    /// One column: a ranked evaluation and, per photo (same order as `photos`), its page image path.
    public struct Column: Sendable {
        public var rank: Int
        public var evaluation: TuningEvaluation
        public var pagePaths: [String]

        public init(rank: Int, evaluation: TuningEvaluation, pagePaths: [String]) {
            self.rank = rank
            self.evaluation = evaluation
            self.pagePaths = pagePaths
        }
    }

    public var title: String
    public var basePreset: LineArtPreset
    /// Photo paths as given, one row each.
    public var photos: [String]
    public var columns: [Column]
    /// How many combinations were evaluated in all.
    public var evaluatedCount: Int

    public init(title: String, basePreset: LineArtPreset, photos: [String], columns: [Column], evaluatedCount: Int) {
        self.title = title
        self.basePreset = basePreset
        self.photos = photos
        self.columns = columns
        self.evaluatedCount = evaluatedCount
    }

    public var html: String {
        var h = htmlDocumentStart(title: title, imageSize: (260, 260),
                                  extraStyle: ".metrics { font-size: 12px; white-space: nowrap; } code { font-size: 12px; }")
        h += """
            <p>Base preset <b>\(escape(basePreset.name))</b> (\(escape(basePreset.profile.rawValue)) targets); \
            \(evaluatedCount) combinations evaluated on \(photos.count) photos; ranked by pass rate, then mean \
            fillability score, then evaluation order. The top \(columns.count) are shown.</p>
            <h2>Top combinations</h2>
            <table><tr><th>rank</th><th>evaluation</th><th>pass rate</th><th>mean score</th><th>changes from the base preset</th></tr>

            """
        for column in columns {
            let e = column.evaluation
            let changes = e.changes.isEmpty ? "(the base preset)" : e.changes.map { "<code>\(escape($0))</code>" }.joined(separator: " ")
            h += "<tr><td>\(column.rank)</td><td>#\(e.index)</td><td>\(htmlPercent(e.passRate))</td>"
                + "<td>\(htmlFixed(e.meanScore))</td><td>\(changes)</td></tr>\n"
        }
        h += "</table>\n<h2>Pages</h2>\n<table><tr><th>photo</th>"
        for column in columns { h += "<th>rank \(column.rank) (#\(column.evaluation.index))</th>" }
        h += "</tr>\n"
        for (p, photo) in photos.enumerated() {
            h += "<tr><th>\(escape(photo))</th>"
            for column in columns {
                let m = column.evaluation.photos[p]
                let verdict = m.passes ? "<span class=\"pass\">passes</span>" : "<span class=\"fail\">fails</span>"
                let page = escape(percentEncodedPath(column.pagePaths[p]))  // a URL: "#" or "?" in a name stay in it
                h += "<td><a href=\"\(page)\"><img src=\"\(page)\" alt=\"page\"></a>"
                    + "<div class=\"metrics\">\(verdict), score \(htmlFixed(m.score))<br>"
                    + "regions \(m.regionCount), closure \(htmlPercent(m.closureRate))<br>"
                    + "leak \(htmlPercent(m.leakPotential)), tap \(htmlPercent(m.tapUsability))<br>"
                    + "ink \(htmlPercent(m.inkFraction))</div></td>"
            }
            h += "</tr>\n"
        }
        h += "</table>\n<p>Every evaluation, with per-photo metrics: <a href=\"evaluations.json\">evaluations.json</a>.</p>\n</body></html>\n"
        return h
    }
}
