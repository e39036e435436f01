#if canImport(FoundationEssentials)
import FoundationEssentials  // avoids loading ICU-backed Foundation on Linux
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so readers see either the old file or the complete new one, never a partial.
///
/// Algorithm: write to `.NAME.tmp-<random>` in the destination folder, fsync it, rename(2)
/// over the destination, then fsync the folder (best effort). On any failure the temporary
/// file is removed and `.io(reason)` is thrown; the destination is left untouched.
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

    /// Writes `bytes` to `path` atomically.
    public func write(_ bytes: [UInt8], toPath path: String) throws(CodecError) {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard !name.isEmpty, name != "/", !path.hasSuffix("/") else { throw .io("invalid output path \(path)") }
        let directory = url.deletingLastPathComponent().path
        if createParentDirectories {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create folder \(directory): \(error)")
            }
        }
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(name).tmp-\(suffix)").path

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
        if fd < 0 { throw .io("cannot create \(temporary): \(FileBytes.systemError())") }
        var failure: String? = nil
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count, let base = raw.baseAddress {
                let n = systemWrite(fd, base + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write \(temporary): \(FileBytes.systemError())"
                    return
                }
                done += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = "cannot sync \(temporary): \(FileBytes.systemError())" }
        if close(fd) != 0, failure == nil { failure = "cannot close \(temporary): \(FileBytes.systemError())" }
        if failure == nil, rename(temporary, path) != 0 {
            failure = "cannot rename \(temporary) to \(path): \(FileBytes.systemError())"
        }
        if let failure {
            unlink(temporary)
            throw .io(failure)
        }
        let dirfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            _ = fsync(dirfd)
            close(dirfd)
        }
    }
}

/// Writes `bytes` to `url` with `AtomicFileWriter` (temp file, fsync, rename).
public func writeAtomically(_ bytes: [UInt8], to url: URL, createParentDirectories: Bool = false) throws(CodecError) {
    try AtomicFileWriter(createParentDirectories: createParentDirectories).write(bytes, to: url)
}

/// write(2), named apart from the `write` methods above.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
