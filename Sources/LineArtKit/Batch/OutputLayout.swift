import Foundation

/// Where each input's outputs go: the output folder mirrors the input tree, so
/// `a/img.jpg` and `b/img.jpg` never overwrite each other.
///
/// An output stem is the relative path without its extension (`a/img.jpg` → `a/img`).
/// When two inputs would share a stem (`img.jpg` and `img.png` in one folder), or a
/// stem would collide with the batch report (`report`), those inputs keep their
/// full file name as the stem (`img.jpg` → `img.jpg.png`, `img.jpg.json`).
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
        let plain = inputs.map { ($0.relativePath as NSString).deletingPathExtension }
        var counts: [String: Int] = [:]
        for stem in plain { counts[stem.lowercased(), default: 0] += 1 }
        let reserved = (Self.batchReportName as NSString).deletingPathExtension
        stems = zip(inputs, plain).map { input, stem in
            let clash = counts[stem.lowercased(), default: 0] > 1 || stem.lowercased() == reserved
            return clash ? input.relativePath : stem
        }
    }

    /// The path of output `index` with the given extension (`png`, `json`, ...).
    public func path(for index: Int, extension ext: String) -> String {
        (root as NSString).appendingPathComponent(stems[index] + "." + ext)
    }

    public var batchReportPath: String {
        (root as NSString).appendingPathComponent(Self.batchReportName)
    }
}
