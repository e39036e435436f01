import Glibc
import LineArtKit

/// Reads standard input to its end (`lineart convert -`), refusing more than `limit` bytes.
/// - Throws: `CodecError.io` with the reason (a read error, or too much data).
func readStandardInput(limit: Int = 1 << 30) throws(CodecError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw .io("cannot read standard input: \(String(cString: strerror(errno)))")
        }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<n])
        if bytes.count > limit { throw .io("standard input holds more than \(limit >> 20) MiB") }
    }
}
