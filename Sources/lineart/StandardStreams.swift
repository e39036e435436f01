import Glibc

/// Writes `text` to standard error at once (unbuffered), as one `write` when it can.
func writeError(_ text: String) {
    writeAll(Array(text.utf8), to: STDERR_FILENO)
}

/// Writes `bytes` (a JSON document) to standard output at once (unbuffered).
func writeOutput(_ bytes: some Sequence<UInt8>) {
    writeAll(Array(bytes), to: STDOUT_FILENO)
}

/// Every byte of `bytes` to `fd`, through short writes and interrupted calls; a failing
/// stream (a closed pipe) drops the rest, as Foundation's `FileHandle.write` did not.
private func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            done += n
        }
    }
}

/// Ends the process with `status` (for code where `exit` names ArgumentParser's
/// `exit(withError:)`).
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
