import FoundationEssentials

/// A manifest pairing photos with presets (`SampleImages/manifest.json`):
/// `{ "schemaVersion": 1, "images": [ { "file": "apple.jpg", "preset": "toddler" } ] }`.
/// File paths are relative to the manifest's folder.
public struct SampleManifest: Sendable, Decodable {
    public struct Entry: Sendable, Decodable {
        public var file: String
        public var preset: String
        public var subject: String?
    }

    /// 1; a manifest without it is read as version 1.
    public var schemaVersion: Int
    public var images: [Entry]

    /// The folder the manifest's paths are relative to (set by ``load(path:)``).
    public private(set) var folder: String = "."
    /// Each photo's preset by the photo's absolute path (set by ``load(path:)``).
    private var presetByPath: [String: String] = [:]

    private enum CodingKeys: String, CodingKey { case schemaVersion, images }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        images = try container.decode([Entry].self, forKey: .images)
    }

    /// The preset named for the photo at `path`, as `--preset` takes it: a built-in name as
    /// it is, a preset file's relative path from the manifest's folder (where the manifest's
    /// photo paths are relative to as well); nil when the manifest does not list the photo.
    public func presetReference(forPath path: String) -> String? {
        presetName(forPath: path).map(presetReference)
    }

    private func presetReference(_ name: String) -> String {
        guard LineArtPreset.namesAFile(name), !name.hasPrefix("/") else { return name }
        return PathString.appending(name, to: folder)
    }

    /// Reads a manifest file.
    /// - Throws: a readable error when the file is missing or not a manifest, or writes a
    ///   key twice in one object.
    public static func load(path: String) throws -> SampleManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError("cannot read manifest \(path)")
        }
        let text = JSONText(data)
        do {
            var manifest = try JSONDecoder().decode(SampleManifest.self, from: data)
            // The decoder kept one value of a key written twice (two "preset"s for a photo).
            if let duplicate = text.firstDuplicateKey { throw ManifestError("\(path): \(duplicate)") }
            manifest.folder = PathString.deletingLastComponent(path)
            for entry in manifest.images {
                let photo = absolutePath(PathString.appending(entry.file, to: manifest.folder))
                manifest.presetByPath[photo] = entry.preset
            }
            return manifest
        } catch let error as ManifestError {
            throw error
        } catch {
            let reason = text.syntaxError.map { "not valid JSON: \($0)" } ?? "is not a manifest"
            throw ManifestError("\(path): \(reason): expected {\"images\": [{\"file\": ..., \"preset\": ...}]}")
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
