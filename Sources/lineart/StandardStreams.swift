import Glibc
import LineArtKit

/// Writes `text` to standard error at once (unbuffered); a failing stream (a closed pipe)
/// drops the rest.
func writeError(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { writeFully(STDERR_FILENO, $0) }
}

/// Writes `bytes` (a JSON document) to standard output at once (unbuffered); a failing
/// stream drops the rest.
func writeOutput(_ bytes: some Sequence<UInt8>) {
    _ = Array(bytes).withUnsafeBytes { writeFully(STDOUT_FILENO, $0) }
}

/// Ends the process with `status` (for code where `exit` names ArgumentParser's
/// `exit(withError:)`).
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
