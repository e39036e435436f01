/// What one photo's outputs are, recorded in its report (`NAME.json`, written last): the photo
/// they were made from, the settings they were made with, and each companion file (page,
/// region map) with its size and SHA-256. A later run reads it back to tell a complete,
/// up-to-date unit (skipped) from one cut short, changed or made otherwise (converted again).
public struct OutputUnit: Sendable, Codable, Equatable {
    /// The photo as it was when converted: its size and modification time.
    public struct Photo: Sendable, Codable, Equatable {
        public var bytes: Int
        public var modifiedSeconds: Int
        public var modifiedNanoseconds: Int

        public init(bytes: Int, modifiedSeconds: Int, modifiedNanoseconds: Int) {
            self.bytes = bytes
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
        }
    }

    /// A companion file, named relative to the report's folder (it is always beside it), so
    /// the record holds wherever the output folder is reached from.
    public struct File: Sendable, Codable, Equatable {
        public var name: String
        public var bytes: Int
        public var sha256: String

        public init(name: String, bytes: Int, sha256: String) {
            self.name = name
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    public var photo: Photo
    /// SHA-256 of the presets tried, their settings and the page outputs asked for.
    public var settingsHash: String
    /// The companions, in writing order (pages, then the region map).
    public var files: [File]

    public init(photo: Photo, settingsHash: String, files: [File]) {
        self.photo = photo
        self.settingsHash = settingsHash
        self.files = files
    }
}
