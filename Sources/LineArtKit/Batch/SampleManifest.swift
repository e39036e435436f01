import Foundation

/// A manifest pairing photos with presets (`SampleImages/manifest.json`):
/// `{ "schemaVersion": 1, "images": [ { "file": "apple.jpg", "preset": "toddler" } ] }`.
/// File paths are relative to the manifest's folder.
public struct SampleManifest: Sendable, Decodable {
    public struct Entry: Sendable, Decodable {
        public var file: String
        public var preset: String
        public var subject: String?
    }

    public var schemaVersion: Int
    public var images: [Entry]

    /// The folder the manifest's paths are relative to (set by ``load(path:)``).
    public private(set) var folder: String = "."
    /// Each photo's preset by the photo's absolute path (set by ``load(path:)``).
    private var presetByPath: [String: String] = [:]

    private enum CodingKeys: String, CodingKey { case schemaVersion, images }

    /// Reads a manifest file.
    /// - Throws: a readable error when the file is missing or not a manifest.
    public static func load(path: String) throws -> SampleManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError("cannot read manifest \(path)")
        }
        do {
            var manifest = try JSONDecoder().decode(SampleManifest.self, from: data)
            manifest.folder = (path as NSString).deletingLastPathComponent
            for entry in manifest.images {
                let photo = absolutePath((manifest.folder as NSString).appendingPathComponent(entry.file))
                manifest.presetByPath[photo] = entry.preset
            }
            return manifest
        } catch {
            throw ManifestError("\(path) is not a manifest: expected {\"images\": [{\"file\": ..., \"preset\": ...}]}")
        }
    }

    /// The preset named for the photo at `path`, matched by resolved absolute path.
    public func presetName(forPath path: String) -> String? {
        presetByPath[absolutePath(path)]
    }
}

public struct ManifestError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
