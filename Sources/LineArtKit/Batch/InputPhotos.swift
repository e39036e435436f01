import FoundationEssentials

/// The input photos of a batch by file identity (device and inode), so that no file the
/// batch writes replaces one of them.
///
/// A page is written by renaming a temporary file over its path, which replaces whatever
/// that path names. When the output folder is a photo's own folder (`lineart convert
/// same/coffee.png -o same --overwrite`), `same/coffee.png` is both the photo and its
/// page; `same/x.regions.png` may be another photo of the batch; `../same`, `./same` and
/// a link to it all reach the same file. Comparing identities (stat(2), which follows
/// links) catches every such spelling; a path that does not exist yet cannot be a photo.
///
/// The identities are taken when the value is made, before anything is written.
public struct InputPhotos: Sendable, Equatable {
    /// Each photo's identity and the path it was given under.
    private let pathOf: [FileIdentity: String]

    /// Records the identity of every input that exists now.
    public init(_ inputs: [BatchInput]) {
        var pathOf: [FileIdentity: String] = [:]
        for input in inputs {
            guard let id = FileIdentity(path: input.path), pathOf[id] == nil else { continue }
            pathOf[id] = input.path
        }
        self.pathOf = pathOf
    }

    /// No photos: nothing is protected.
    public init() {
        pathOf = [:]
    }

    /// The input photo that `path` is the same file as, or nil (also when `path` does not exist).
    public func photo(at path: String) -> String? {
        guard !pathOf.isEmpty, let id = FileIdentity(path: path) else { return nil }
        return pathOf[id]
    }

    /// Why `output` must not be written when it is an input photo; nil when it is not one.
    ///
    /// The message names both paths and the way out (another output folder).
    public func overwriteProblem(writing output: String) -> String? {
        guard let photo = photo(at: output) else { return nil }
        return "\(output) would overwrite the input photo \(photo); choose another --output"
    }
}
