import FoundationEssentials
import Glibc

/// One photo found for a batch: where it is and where its outputs go.
public struct BatchInput: Sendable, Equatable {
    /// The file as the user can find it (the path given, joined with the walk).
    public var path: String
    /// The path relative to the batch root, used to mirror the input tree in the output.
    public var relativePath: String

    public init(path: String, relativePath: String) {
        self.path = path
        self.relativePath = relativePath
    }
}

/// Walks the inputs of a batch: files and folders, folders recursively.
///
/// - Folders are walked in sorted order, so a batch is the same every run.
/// - Hidden files and folders (name starting with ".") are skipped.
/// - In folders, a file is taken when its first bytes are an image signature
///   (JPEG, PNG, HEIC, WebP, TIFF, or a format we refuse by name such as GIF) or its extension is
///   an image extension; so `photo` without extension converts, and `notes.jpg`
///   holding text is reported as a failure instead of vanishing. Files named on
///   the command line are always taken.
/// - Symbolic links are followed, but a folder already visited (same device and
///   inode) is not entered again, so link loops end.
/// - A file reached a second time (the same device and inode under another name: a
///   symbolic or hard link, or a file named twice) is converted once; the later paths are
///   listed in `duplicates` with the path that is converted, so nothing vanishes unsaid.
/// - Folders listed in `excluding` (the output folder) are never entered, so a
///   run never reads its own output back as input; an input folder that *is* the output
///   folder is a problem that says so, not an empty folder.
/// - Only regular files are opened. In folders, a FIFO, socket or device is passed over
///   (opening a FIFO would wait for a writer), and named (``Result/passedOver``) when its
///   name is an image's; a broken symbolic link (or link loop) with an image name, or an entry that
///   cannot be looked up (a path too long), is a problem too, so no photo vanishes unsaid.
///   A named file that cannot be read is a problem, found before anything is written.
public struct InputDiscovery {
    public var excludedFolders: [String]

    public init(excluding folders: [String] = []) {
        excludedFolders = folders
    }

    /// Problems found while walking: an input that does not exist, a folder that cannot be read.
    public struct Problem: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    /// A path that reaches a file already taken under another path.
    public struct Duplicate: Sendable, Equatable {
        public var path: String
        /// The path under which the file is converted.
        public var sameAs: String

        /// One line for people: which path is left out, and why.
        public var note: String { "\(path): same file as \(sameAs), taken once" }
    }

    /// What a walk found.
    public struct Result: Sendable, Equatable {
        public var inputs: [BatchInput]
        public var problems: [Problem]
        public var duplicates: [Duplicate]
        /// Files in folders with an image's name that are not regular files (a FIFO, socket or
        /// device): passed over, not failures, but named on stderr so none vanishes unsaid.
        public var passedOver: [Problem] = []
    }

    /// The files taken so far, by identity, and the paths they were taken under.
    private struct TakenFiles {
        var found: [(path: String, absolute: String)] = []
        var pathOf: [FileIdentity: String] = [:]
        var duplicates: [Duplicate] = []

        mutating func take(_ path: String, absolute: String) {
            if let id = FileIdentity(path: path) {
                if let first = pathOf[id] {
                    duplicates.append(Duplicate(path: path, sameAs: first))
                    return
                }
                pathOf[id] = path
            }
            found.append((path, absolute))
        }
    }

    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "png", "heic", "heif", "avif", "webp", "gif", "tif", "tiff", "bmp",
    ]

    /// Finds the inputs; relative paths are taken from the common ancestor folder of all inputs.
    public func discover(_ inputs: [String]) -> Result {
        var taken = TakenFiles()
        var problems: [Problem] = []
        var passedOver: [Problem] = []
        var visited = Set<FileIdentity>()
        let excluded = Set(excludedFolders.compactMap(FileIdentity.init(path:)))
        var roots: [String] = []

        for input in inputs {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                problems.append(Problem(path: input, reason: "does not exist"))
                continue
            }
            let absolute = absolutePath(input)
            if isDirectory, let id = FileIdentity(path: input), excluded.contains(id) {
                problems.append(Problem(path: input, reason: "is the output folder, whose files are never read as input: choose another --output"))
                continue
            }
            if isDirectory {
                roots.append(absolute)
                walk(folder: input, absolute: absolute, into: &taken, problems: &problems, passedOver: &passedOver,
                     visited: &visited, excluded: excluded)
            } else if access(input, R_OK) != 0 {
                // Refused now, like a path that does not exist (a usage error when it is the
                // only one), not after the output folder is made and the batch has started.
                problems.append(Problem(path: input, reason: "cannot read file: \(AtomicFileWriter.reason(errno))"))
            } else {
                roots.append(PathString.deletingLastComponent(absolute))
                taken.take(input, absolute: absolute)
            }
        }
        let base = Self.commonAncestor(of: roots)
        let inputs = taken.found.map { item in
            BatchInput(path: item.path, relativePath: relativePath(item.absolute, from: base))
        }
        return Result(inputs: inputs, problems: problems, duplicates: taken.duplicates, passedOver: passedOver)
    }

    private func walk(folder: String, absolute: String, into taken: inout TakenFiles,
                      problems: inout [Problem], passedOver: inout [Problem], visited: inout Set<FileIdentity>,
                      excluded: Set<FileIdentity>) {
        guard let id = FileIdentity(path: folder), !excluded.contains(id), visited.insert(id).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            // FileManager's error says little; ask the system why.
            let reason = opendir(folder).map { closedir($0); return "cannot read folder" }
                ?? "cannot read folder: \(FileBytes.systemError())"
            problems.append(Problem(path: folder, reason: reason))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = PathString.appending(name, to: folder)
            let childAbsolute = PathString.appending(name, to: absolute)
            let hasImageName = Self.imageExtensions.contains(PathString.pathExtension(name).lowercased())
            var info = stat()
            guard stat(path, &info) == 0 else {
                let code = errno
                // A broken link (one to nothing, or a loop) or an unreachable entry: worth a
                // word only if it names a photo (or cannot even be looked up, which hides
                // what it is).
                if hasImageName || (code != ENOENT && code != EACCES && code != ELOOP) {
                    let reason = code == ENOENT ? Self.missingEntryReason(path: path, name: name)
                        : "cannot look up: \(FileBytes.systemError(code))"
                    problems.append(Problem(path: path, reason: reason))
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(folder: path, absolute: childAbsolute, into: &taken, problems: &problems, passedOver: &passedOver,
                     visited: &visited, excluded: excluded)
            case S_IFREG:
                if hasImageName || Self.startsWithImageSignature(path: path) {
                    taken.take(path, absolute: childAbsolute)
                }
            default:
                if hasImageName, let kind = FileBytes.specialFileKind(info.st_mode) {
                    passedOver.append(Problem(path: path, reason: "is a \(kind), not a regular file; passed over"))
                }
            }
        }
    }

    /// Why a folder entry that was listed cannot be found by its path: a symbolic link to
    /// nothing; a name that is not UTF-8 (listed with U+FFFD in place of its bad bytes, so the
    /// path spells another name); or a file removed since the folder was listed.
    static func missingEntryReason(path: String, name: String) -> String {
        var info = stat()
        if lstat(path, &info) == 0 { return "broken symbolic link" }
        if name.unicodeScalars.contains("\u{FFFD}") { return "its name is not valid UTF-8: rename the file to read it" }
        return "no longer exists"
    }

    /// True when the first bytes of the (regular) file at `path` are an image signature.
    static func startsWithImageSignature(path: String) -> Bool {
        guard let head = FileBytes.head(path: path, count: 32) else { return false }
        do {
            _ = try ImageFormat.detect(head)
            return true
        } catch {
            if case .unsupportedFormat = error { return true }
            return false
        }
    }

    static func commonAncestor(of folders: [String]) -> String {
        guard var common = folders.first?.split(separator: "/", omittingEmptySubsequences: true) else { return "/" }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
            var n = 0
            while n < common.count && n < parts.count && common[n] == parts[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        return "/" + common.joined(separator: "/")
    }
}

/// A file's device and inode: the same file whatever path or link reaches it.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
