import Glibc

/// Whole-file reads with POSIX calls, reporting failures as `CodecError.io` with a short
/// reason that does not repeat the path (callers print "FILE: reason").
package enum FileBytes {
    /// Files larger than this are refused before reading (no image we accept comes close).
    static let maximumSize = 1 << 30

    /// Reads the whole file into one array allocated once at the size `fstat` reports.
    ///
    /// Only regular files are read: a FIFO, socket or device is refused by its type, so
    /// `open` does not wait for a FIFO's writer (it is opened non-blocking) and an endless
    /// device such as `/dev/urandom` is not read up to the size limit.
    package static func load(path: String) throws(CodecError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw .io("cannot open file: \(systemError())") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw .io("cannot stat file: \(systemError())") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .io("is a directory, not a file") }
        if let kind = specialFileKind(info.st_mode) {
            throw .io("is a \(kind), not a regular file: save the image to a file first")
        }
        // Back to blocking reads (O_NONBLOCK only kept open() from waiting).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let size = Int(info.st_size)
        if size > maximumSize { throw .io("file is larger than \(maximumSize >> 20) MiB") }
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            // A file that shrank while being read ends early.
            (initialized, failure) = readFully(fd, into: base, count: size, at: 0)
        }
        if failure != 0 { throw .io("cannot read file: \(systemError(failure))") }
        _ = lseek(fd, off_t(bytes.count), SEEK_SET)
        // A file that grew meanwhile (or a size-less special file): read the rest.
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io("cannot read file: \(systemError())")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maximumSize { throw .io("file is larger than \(maximumSize >> 20) MiB") }
        }
        return bytes
    }

    /// `count` bytes of `fd` from offset `offset` into `target` with pread(2), fewer when the
    /// file ends first; the error is errno's (0 for none).
    private static func readFully(_ fd: Int32, into target: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int)
        -> (count: Int, error: Int32)
    {
        var done = 0
        while done < count {
            let n = pread(fd, target + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                return (done, errno)
            }
            if n == 0 { break }  // file shrank while reading
            done += n
        }
        return (done, 0)
    }

    /// Up to the first `count` bytes of the file at `path` (fewer when it is shorter); nil
    /// when it cannot be opened or read (a FIFO or socket cannot: pread(2) refuses them).
    /// Opened non-blocking, so a FIFO is not waited for.
    package static func head(path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return nil }
        defer { close(fd) }
        var error: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            (initialized, error) = readFully(fd, into: base, count: count, at: 0)
        }
        return error == 0 ? bytes : nil
    }

    /// What a file of mode `mode` is when it is not a regular file ("FIFO", "directory", ...);
    /// nil for a regular file.
    package static func specialFileKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "directory"
        case S_IFIFO: return "FIFO (named pipe)"
        case S_IFSOCK: return "socket"
        case S_IFCHR: return "character device"
        case S_IFBLK: return "block device"
        default: return "special file"
        }
    }

    package static func systemError(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}

/// Why the file at `path` cannot be read whole, in words to follow "cannot read FILE: ":
/// "no such file", "is a FIFO (named pipe), not a regular file", "permission denied";
/// nil when it is a regular file this process may read.
package func unreadableFileReason(atPath path: String) -> String? {
    var info = stat()
    if stat(path, &info) != 0 { return errno == ENOENT ? "no such file" : AtomicFileWriter.reason(errno) }
    if let kind = FileBytes.specialFileKind(info.st_mode) { return "is a \(kind), not a regular file" }
    if access(path, R_OK) != 0 { return AtomicFileWriter.reason(errno) }
    return nil
}
