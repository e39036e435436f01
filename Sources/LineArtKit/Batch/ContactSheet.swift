import FoundationEssentials

/// An HTML contact sheet of a batch: each photo beside its page, with the preset, the
/// verdict, the four fillability metrics, the faces found, and the subject found (a solid
/// box on the photo) and the part of the photo the page shows (a dashed box), so a person
/// can judge the pages at a glance.
///
/// Self-contained HTML (inline CSS, no script). Photos and pages are referenced by paths
/// relative to the sheet's own folder (percent-encoded, then HTML-escaped), so the sheet,
/// the pages and the photos can be moved together.
public struct ContactSheet: Sendable {
    public struct Row: Sendable {
        public var photoPath: String
        public var pagePath: String
        public var preset: String
        public var fillability: FillabilityResult
        /// Faces whose features the page draws.
        public var faces: Int
        /// The subject found and the part of the photo the page shows, in pixels of the
        /// upright photo of `photoSize` (see ``ImageReport/subject``, ``ImageReport/frame``).
        public var subject: Subject?
        public var frame: PixelRectangle?
        public var photoSize: ImageSize?

        public init(photoPath: String, pagePath: String, preset: String, fillability: FillabilityResult, faces: Int = 0,
                    subject: Subject? = nil, frame: PixelRectangle? = nil, photoSize: ImageSize? = nil) {
            self.photoPath = photoPath
            self.pagePath = pagePath
            self.preset = preset
            self.fillability = fillability
            self.faces = faces
            self.subject = subject
            self.frame = frame
            self.photoSize = photoSize
        }
    }

    public var title: String
    public var rows: [Row]

    public init(title: String, rows: [Row]) {
        self.title = title
        self.rows = rows
    }

    /// The sheet as HTML, for a file written at `sheetPath`.
    public func html(sheetPath: String) -> String {
        let folder = PathString.deletingLastComponent(absolutePath(sheetPath))
        let passing = rows.filter(\.fillability.passes).count
        let mean = rows.isEmpty ? 0 : rows.map(\.fillability.score).reduce(0, +) / Double(rows.count)
        var h = htmlDocumentStart(title: title, imageSize: (360, 300),
                                  extraStyle: ".miss { color: #a01818; } .metrics { white-space: nowrap; }"
                                    + " .photo { position: relative; display: inline-block; } .photo img { display: block; }"
                                    + " .box { position: absolute; box-sizing: border-box; border: 2px solid #e09000; }"
                                    + " .frame { border: 2px dashed #1060d0; }")
        h += """
            <p>\(passing) of \(rows.count) pages pass all four fillability targets of their preset; mean score \(fillabilityScoreText(mean, allPass: passing == rows.count)).</p>
            <table><tr><th>photo</th><th>page</th><th>fillability</th></tr>

            """
        for row in rows {
            let r = row.fillability
            // Links are URLs: a file name's "#", "?", "%" or space must be percent-encoded,
            // not only HTML-escaped, or the browser looks for another file.
            let photo = escape(percentEncodedPath(relativePath(row.photoPath, from: folder)))
            let page = escape(percentEncodedPath(relativePath(row.pagePath, from: folder)))
            func metric(_ name: String, _ value: String, _ met: Bool, _ target: String) -> String {
                "<span class=\"\(met ? "" : "miss")\">\(name) \(value)</span> (\(target))<br>"
            }
            let t = r.targets
            h += "<tr><td><a class=\"photo\" href=\"\(photo)\"><img src=\"\(photo)\" alt=\"photo\">\(row.boxes)</a><br>"
                + "\(escape(PathString.lastComponent(row.photoPath)))</td>"
                // A browser shows a PNG or SVG page in <img>; a PDF page (--format pdf alone) is a link.
                + (row.pagePath.lowercased().hasSuffix(".pdf")
                    ? "<td><a href=\"\(page)\">\(escape(PathString.lastComponent(row.pagePath)))</a></td>"
                    : "<td><a href=\"\(page)\"><img src=\"\(page)\" alt=\"page\"></a></td>")
                + "<td class=\"metrics\"><b>\(escape(row.preset))</b><br>"
                + (r.passes ? "<span class=\"pass\">passes</span>" : "<span class=\"fail\">does not pass</span>")
                + ", score \(r.scoreText)<br>"
                + metric("regions", "\(r.regionCount)", r.checks.regionCount, "\(t.minRegions)-\(t.maxRegions)")
                + metric("closure", htmlPercent(r.closureRate), r.checks.closure, "&ge; \(htmlPercent(t.minClosure))")
                + metric("leak", htmlPercent(r.leakPotential), r.checks.leak, "&lt; \(htmlPercent(t.maxLeak))")
                + metric("tap", htmlPercent(r.tapUsability), r.checks.tap, "&ge; \(htmlPercent(t.minTap))")
                + "ink \(htmlPercent(r.inkFraction))"
                + (row.faces > 0 ? "<br>faces \(row.faces) (eyes, nose, mouth drawn)" : "")
                + "<br>" + escape(row.subjectText) + "</td></tr>\n"
        }
        h += "</table>\n</body></html>\n"
        return h
    }
}

extension ContactSheet {
    /// The title of a batch's sheet (`convert --contact-sheet`, `report merge --contact-sheet`).
    public static let batchTitle = "LineArt contact sheet"

    /// Writes the sheet as HTML at `path` (its folders created if missing), replacing a file there.
    public func write(to path: String) throws {
        try AtomicFileWriter(createParentDirectories: true).write(Array(html(sheetPath: path).utf8), toPath: path)
    }
}

extension ContactSheet.Row {
    /// The row of a photo and the page its report describes: the PNG, else the SVG, which a
    /// browser shows in <img> (a PDF-only page is a link).
    public init(photoPath: String, report: ImageReport) {
        let written = report.pages ?? [report.page]
        let shown = written.first { $0.hasSuffix(".png") } ?? written.first { $0.hasSuffix(".svg") } ?? report.page
        let upright = EXIFOrientation(rawValue: report.orientation).map(report.originalSize.oriented) ?? report.originalSize
        self.init(photoPath: photoPath, pagePath: shown, preset: report.preset, fillability: report.fillability,
                  faces: report.faces.count, subject: report.subject, frame: report.frame, photoSize: upright)
    }

    /// The subject's box and the page's frame drawn over the photo, as boxes placed in
    /// percent of its size.
    var boxes: String {
        guard let photoSize, photoSize.width > 0, photoSize.height > 0 else { return "" }
        func box(_ r: PixelRectangle, _ kind: String) -> String {
            func percent(_ v: Int, _ of: Int) -> String { htmlPercent(Double(v) / Double(of)) }
            return "<span class=\"\(kind)\" style=\"left: \(percent(r.x, photoSize.width)); top: \(percent(r.y, photoSize.height));"
                + " width: \(percent(r.width, photoSize.width)); height: \(percent(r.height, photoSize.height))\"></span>"
        }
        return (subject.map { box($0.box, "box") } ?? "") + (frame.map { box($0, "box frame") } ?? "")
    }

    /// What the subject finder found and what the page shows, in words.
    var subjectText: String {
        let found = subject.map { s in
            "subject (\(s.cue.rawValue)): \(Int((100 * s.share).rounded()))% of the photo, confidence \(htmlFixed(s.confidence, digits: 2))"
        } ?? "no clear subject"
        return found + "; page shows " + (frame.map { "the part \($0)" } ?? "the whole photo")
    }
}
