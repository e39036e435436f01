import Glibc

/// An advisory lock (flock(2)) on `OUTPUT/.lineart.lock`, held while a run writes into the
/// folder: two runs into one folder would otherwise mix their files, a page from one and a
/// report from the other. A shard of a batch (`--shard K/N`) locks `.lineart-K-of-N.lock`
/// instead: the shards write disjoint photos, so they run side by side, each one once. The lock file is removed on release; a run that waited for it
/// checks that the file it locked is still the one at the path (the holder may have removed
/// it meanwhile) and tries again if not. A run that dies releases the lock with its process.
public final class OutputFolderLock: @unchecked Sendable {
    public static let fileName = ".lineart.lock"
    /// The lock of shard `number` of `count`.
    public static func fileName(shard number: Int, of count: Int) -> String { ".lineart-\(number)-of-\(count).lock" }
    public let path: String
    private var fd: Int32

    /// - Parameters:
    ///   - name: the lock file's name in `folder` (``fileName``, or a shard's).
    ///   - wait: wait for the run holding the lock; else fail at once.
    ///   - onWaiting: called once before waiting, to say so.
    /// - Throws: ``OutputFolderProblem/locked(folder:)``, or `.cannotLock` with the reason.
    public init(folder: String, name: String = fileName, wait: Bool,
                onWaiting: () -> Void = {}) throws(OutputFolderProblem) {
        path = PathString.appending(name, to: folder)
        var saidWaiting = false
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            if fd < 0 { throw .cannotLock(folder: folder, reason: AtomicFileWriter.reason(errno)) }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                guard code == EWOULDBLOCK else {
                    close(fd)
                    throw .cannotLock(folder: folder, reason: AtomicFileWriter.reason(code))
                }
                guard wait else {
                    close(fd)
                    throw .locked(folder: folder, lockFile: name)
                }
                if !saidWaiting { onWaiting(); saidWaiting = true }
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
            }
            // Still the file at the path (not one its holder removed while this run waited)?
            var locked = stat(), current = stat()
            if fstat(fd, &locked) == 0, stat(path, &current) == 0,
               locked.st_dev == current.st_dev, locked.st_ino == current.st_ino {
                self.fd = fd
                return
            }
            close(fd)
        }
    }

    /// Removes the lock file and releases the lock (also done when the value is freed).
    public func release() {
        guard fd >= 0 else { return }
        unlink(path)
        close(fd)
        fd = -1
    }

    deinit { release() }
}

/// Why the output folder cannot be used; each is a usage error, found before any photo is
/// converted.
public enum OutputFolderProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another run holds the folder's lock (or the shard's).
    case locked(folder: String, lockFile: String = OutputFolderLock.fileName)
    case cannotLock(folder: String, reason: String)
    /// A probe file could not be created in the folder.
    case notWritable(folder: String, reason: String)

    public var description: String {
        switch self {
        case let .locked(folder, lockFile):
            return "another lineart run is writing into \(folder) (it holds \(PathString.appending(lockFile, to: folder))); wait for it to finish, or use --wait"
        case let .cannotLock(folder, reason):
            return "cannot lock output folder \(folder): \(reason)"
        case let .notWritable(folder, reason):
            return "cannot write in output folder \(folder): \(reason)"
        }
    }
}
