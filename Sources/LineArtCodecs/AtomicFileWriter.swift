import FoundationEssentials
import Glibc

/// Writes files so readers see either the old file or the complete new one, never a partial.
///
/// Algorithm: write to `.NAME.tmp-<random>` in the destination folder, fsync it, rename(2)
/// over the destination, then fsync the folder (best effort). On any failure the temporary
/// file is removed and `.io(reason)` is thrown; the destination is left untouched.
///
/// Every failure reads `cannot write PATH: why`, with `PATH` as the caller spelled it and the
/// system's reason in words ("permission denied", "afile is not a folder", "is a directory"),
/// never the temporary file's name or a Foundation error dump: the message goes to people.
public struct AtomicFileWriter: Sendable, Equatable {
    /// Create missing parent folders (like `mkdir -p`) before writing.
    public var createParentDirectories: Bool
    /// Permission bits for the new file (the process umask still applies).
    public var permissions: UInt32

    public init(createParentDirectories: Bool = false, permissions: UInt32 = 0o644) {
        self.createParentDirectories = createParentDirectories
        self.permissions = permissions
    }

    /// Writes `bytes` to the file URL `url` atomically.
    public func write(_ bytes: [UInt8], to url: URL) throws(CodecError) {
        try write(bytes, toPath: url.path)
    }

    /// What follows the file name in a temporary's name: `.NAME.tmp-<random hex>`.
    static let temporaryMarker = ".tmp-"

    /// Whether `name` (a file name, no folder) is one of the temporaries this writer makes
    /// (`.NAME.tmp-` and up to 16 hex digits), as a write cut short (the process killed
    /// between create and rename) leaves it behind.
    public static func isTemporaryName(_ name: String) -> Bool {
        let parts = name.split(separator: temporaryMarker, omittingEmptySubsequences: false)
        guard name.hasPrefix("."), parts.count >= 2, let digits = parts.last, parts[0].count > 1 else { return false }
        return (1...16).contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }

    /// The name a temporary was written for (`apple.png` for `.apple.png.tmp-1f2e`; cut short
    /// for a name near 255 bytes, see ``shortened(_:toFit:)``), or nil for another name.
    public static func temporaryTarget(_ name: String) -> String? {
        guard isTemporaryName(name) else { return nil }
        let parts = name.dropFirst().split(separator: temporaryMarker, omittingEmptySubsequences: false)
        return parts.dropLast().joined(separator: temporaryMarker)
    }

    /// The name the output-folder probe (``probeWritable(_:)``) is a temporary of.
    public static let probeName = "lineart-probe"

    /// Why a file cannot be created in the existing folder `directory`, found by creating and
    /// removing one (a temporary's name, so a run killed meanwhile leaves nothing a later run
    /// keeps); nil when it can. Unlike access(2) this tells the truth for root, whom
    /// permissions do not stop but a read-only file system does.
    public static func probeWritable(_ directory: String) -> String? {
        let probe = (directory.hasSuffix("/") ? directory : directory + "/")
            + "." + probeName + temporaryMarker + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 { return reason(errno) }
        let failure = [UInt8(0x0A)].withUnsafeBytes { writeFully(fd, $0) }
        close(fd)
        unlink(probe)
        return failure == 0 ? nil : reason(failure)
    }

    /// Writes `bytes` to `path` atomically.
    public func write(_ bytes: [UInt8], toPath path: String) throws(CodecError) {
        try commit(stage(bytes, toPath: path))
    }

    /// A file written and synced under its temporary name, not yet in place: ``commit(_:)``
    /// renames it over its destination, ``discard(_:)`` removes it. Staging lets a report be
    /// written while its pages are, and still reach its name only after them.
    public struct StagedFile: Sendable {
        /// The destination, as the caller spelled it.
        public let path: String
        let temporary: String
        let directory: String
    }

    /// The first half of ``write(_:toPath:)``: `bytes` in a new temporary file beside `path`,
    /// synced and closed. On failure nothing is left behind.
    public func stage(_ bytes: [UInt8], toPath path: String) throws(CodecError) -> StagedFile {
        func failure(_ reason: String) -> CodecError { .io("cannot write \(path): \(reason)") }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard !name.isEmpty, name != "/", !path.hasSuffix("/") else { throw .io("invalid output path \(path)") }
        if name.utf8.count > 255 { throw failure("file name too long (\(name.utf8.count) bytes; at most 255)") }
        let directory = Self.folderPart(of: path)
        if createParentDirectories, let reason = Self.makeFolders(directory) { throw failure(reason) }
        let suffix = Self.temporaryMarker + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary = (directory == "/" ? "/" : directory + "/") + "." + Self.shortened(name, toFit: suffix) + suffix

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
        if fd < 0 {
            let code = errno
            throw failure(code == ENOTDIR ? Self.notAFolder(above: directory) : "cannot create a file in \(directory): \(Self.reason(code))")
        }
        var problem: String? = nil
        let writeError = bytes.withUnsafeBytes { writeFully(fd, $0) }
        if writeError != 0 { problem = Self.reason(writeError) }
        if problem == nil, fsync(fd) != 0 { problem = "cannot sync: \(Self.reason(errno))" }
        if close(fd) != 0, problem == nil { problem = "cannot close: \(Self.reason(errno))" }
        if let problem {
            unlink(temporary)
            throw failure(problem)
        }
        return StagedFile(path: path, temporary: temporary, directory: directory)
    }

    /// The second half of ``write(_:toPath:)``: the staged file renamed over its
    /// destination, then its folder synced (best effort). On failure the temporary file is
    /// removed and the destination left as it was.
    public func commit(_ staged: StagedFile) throws(CodecError) {
        let path = staged.path, temporary = staged.temporary, directory = staged.directory
        var problem: String? = nil
        if rename(temporary, path) != 0 {
            // Renaming a file over a folder fails with EISDIR (empty) or ENOTEMPTY/EEXIST (not).
            let code = errno
            problem = Self.isDirectory(path) ? "is a directory" : "cannot rename the new file into place: \(Self.reason(code))"
        }
        if let problem {
            unlink(temporary)
            throw .io("cannot write \(path): \(problem)")
        }
        let dirfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            _ = fsync(dirfd)
            close(dirfd)
        }
    }

    /// Removes a staged file that is not to be committed.
    public func discard(_ staged: StagedFile) {
        unlink(staged.temporary)
    }

    /// `name`, cut (at a character) so that "." + name + `suffix` fits the 255 bytes a file
    /// name may have: a valid name near that length would otherwise have no valid temporary.
    static func shortened(_ name: String, toFit suffix: String) -> String {
        let room = 255 - 1 - suffix.utf8.count
        guard name.utf8.count > room else { return name }
        var cut = ""
        for character in name {
            if cut.utf8.count + String(character).utf8.count > room { break }
            cut.append(character)
        }
        return cut
    }

    /// Creates `directory` and its missing parents (`mkdir -p`) with mkdir(2).
    /// - Returns: nil when the folder is there, else why not: "afile is not a folder" when a
    ///   file stands where a folder is needed, or "cannot create folder D: " and the system's reason.
    public static func makeFolders(_ directory: String) -> String? {
        var created: [String] = []
        return makeFolders(directory, created: &created)
    }

    /// ``makeFolders(_:)`` that also says which folders it made: `created` gets each folder
    /// this call created (not one that was there already), outermost first, so a command
    /// that ends with nothing written can remove them again.
    public static func makeFolders(_ directory: String, created: inout [String]) -> String? {
        var info = stat()
        if stat(directory, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "\(directory) is not a folder"
        }
        let code = errno
        let parent = folderPart(of: directory)
        guard code == ENOENT || code == ENOTDIR, parent != directory else {
            return "cannot create folder \(directory): \(reason(code))"
        }
        if let problem = makeFolders(parent, created: &created) { return problem }
        if mkdir(directory, 0o777) == 0 {
            created.append(directory)
        } else if !(errno == EEXIST && isDirectory(directory)) {
            return "cannot create folder \(directory): \(reason(errno))"
        }
        return nil
    }

    /// Why files cannot be created in the existing folder `directory` ("permission denied",
    /// "read-only file system"), or nil when they can: for a command that writes only after
    /// a long run and must not find out at the end.
    public static func cannotCreateFiles(in directory: String) -> String? {
        access(directory, W_OK | X_OK) == 0 ? nil : reason(errno)
    }

    /// Why a file cannot be created in `directory`, which open(2) called no folder (ENOTDIR):
    /// the nearest existing ancestor that is not a folder.
    static func notAFolder(above directory: String) -> String {
        var folder = directory
        while true {
            var info = stat()
            if stat(folder, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR { return "\(folder) is not a folder" }
            let parent = folderPart(of: folder)
            if parent == folder { break }
            folder = parent
        }
        return "\(directory) is not a folder"
    }

    /// The folder `path` is in, as spelled: "a/b" for "a/b/c", "/" for "/c", "." for "c".
    /// (String work: NSString is not in FoundationEssentials.)
    package static func folderPart(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let head = trimmed[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// strerror(3) in lower case, to follow a colon: "permission denied", "read-only file system".
    package static func reason(_ code: Int32) -> String {
        let text = FileBytes.systemError(code)
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// Writes `bytes` to `url` with `AtomicFileWriter` (temp file, fsync, rename).
package func writeAtomically(_ bytes: [UInt8], to url: URL, createParentDirectories: Bool = false) throws(CodecError) {
    try AtomicFileWriter(createParentDirectories: createParentDirectories).write(bytes, to: url)
}

/// Every byte of `bytes` to `fd` with write(2), through short writes and interrupted calls.
/// - Returns: 0, or errno of the write that failed (the rest is not written).
public func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var done = 0
    while done < bytes.count, let base = bytes.baseAddress {
        let n = write(fd, base + done, bytes.count - done)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        done += n
    }
    return 0
}
