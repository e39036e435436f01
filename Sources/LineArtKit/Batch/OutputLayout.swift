import Foundation

/// Where each input's outputs go: the output folder mirrors the input tree, so
/// `a/img.jpg` and `b/img.jpg` never overwrite each other.
///
/// An output stem is the relative path without its extension (`a/img.jpg` → `a/img`).
/// A photo's files are `STEM.png|svg|pdf|json` and `STEM.regions.png`, so two stems clash
/// when they are equal ignoring case (`img.jpg` and `img.png` in one folder) or one is the
/// other plus `.regions` (`cat.regions.png`'s page would be `cat.jpg`'s region map). Those
/// inputs, and one whose stem would collide with the batch report (`report`), keep their
/// full file name as the stem (`img.jpg` → `img.jpg.png`, `img.jpg.json`); until no two
/// clash, since a full name can be another photo's stem (`img.jpg` and `img.jpg.png`).
///
/// The layout also records the identities of the input photos (``InputPhotos``), so that
/// every output path it hands out is checked against them before anything is written: an
/// output folder that is a photo's own folder must not turn `coffee.png` into its page.
public struct OutputLayout: Sendable {
    public static let batchReportName = "report.json"
    public let root: String
    public let stems: [String]
    /// The batch's photos, which no output may replace.
    public let inputPhotos: InputPhotos

    public init(root: String, inputs: [BatchInput]) {
        self.root = root
        inputPhotos = InputPhotos(inputs)
        var stems = inputs.map { ($0.relativePath as NSString).deletingPathExtension }
        let reserved = (Self.batchReportName as NSString).deletingPathExtension
        let regionsSuffix = ".regions"
        while true {
            var count: [String: Int] = [:]
            for stem in stems { count[stem.lowercased(), default: 0] += 1 }
            // A stem that is already the full file name cannot grow further.
            let clashing = stems.indices.filter { index in
                guard stems[index] != inputs[index].relativePath else { return false }
                let stem = stems[index].lowercased()
                return count[stem, default: 0] > 1 || stem == reserved || count[stem + regionsSuffix] != nil
                    || (stem.hasSuffix(regionsSuffix) && count[String(stem.dropLast(regionsSuffix.count))] != nil)
            }
            if clashing.isEmpty { break }
            for index in clashing { stems[index] = inputs[index].relativePath }
        }
        self.stems = stems
    }

    /// The path of output `index` with the given extension (`png`, `json`, ...).
    public func path(for index: Int, extension ext: String) -> String {
        (root as NSString).appendingPathComponent(stems[index] + "." + ext)
    }

    public var batchReportPath: String {
        (root as NSString).appendingPathComponent(Self.batchReportName)
    }
}
