import FoundationEssentials
import LineArtKit
import Glibc

/// Shows how a batch is going on stderr.
///
/// On a terminal: one redrawn line with a bar, count, rate and time left.
/// Elsewhere (CI, pipes): one plain line per finished file, or nothing with `--quiet`.
/// Failures are always printed, one line each, naming the file and the reason.
final class ProgressReporter: @unchecked Sendable {
    enum Style { case bar, lines, quiet }

    private let lock = MutexLock()
    private let style: Style
    private let total: Int
    private let start = Date()
    private var done = 0
    private var failed = 0
    private var lastDraw = Date.distantPast
    private var barVisible = false

    init(total: Int, quiet: Bool) {
        self.total = total
        if quiet { style = .quiet } else { style = isatty(STDERR_FILENO) == 1 ? .bar : .lines }
    }

    /// Records a finished item; `message` is the plain line for non-terminal output.
    /// `damage` (decoder warnings about lost or damaged image data, each naming the file) is
    /// printed even when quiet: the page is wrong. `warnings`
    /// (``ImageReport/warningsForThePage``) are printed unless quiet.
    func finished(_ message: String, failure: String? = nil, damage: [String] = [], warnings: [String] = []) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if let failure {
            failed += 1
            clearBar()
            writeError("lineart: \(printable(failure))\n")
        }
        let shown = damage + (style == .quiet ? [] : warnings)
        if !shown.isEmpty {
            clearBar()
            for warning in shown { writeError("lineart: warning: \(printable(warning))\n") }
        }
        switch style {
        case .quiet: break
        case .lines:
            if failure == nil { writeError("[\(done)/\(total)] \(printable(message))\n") }
        case .bar:
            if Date().timeIntervalSince(lastDraw) > 0.1 || done == total { drawBar() }
        }
    }

    /// Removes the bar so the summary starts on a clean line.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        if style == .bar { drawBar(); writeError("\n"); barVisible = false }
    }

    private func drawBar() {
        lastDraw = Date()
        let elapsed = Date().timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 28
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let failures = failed > 0 ? "  \(failed) failed" : ""
        writeError("\r[\(bar)] \(done)/\(total)  \(String(cFormat: "%.1f", rate)) img/s  \(Self.clock(left)) left\(failures)\u{1B}[K")
        barVisible = true
    }

    private func clearBar() {
        if barVisible { writeError("\r\u{1B}[K"); barVisible = false }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(cFormat: "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60) : String(cFormat: "%ld:%02ld", s / 60, s % 60)
    }
}

/// `text` with its control characters spelled out ("\\n", "\\e", "\\x7f"), for one line of
/// stderr: a file name may hold a newline or an escape sequence, which would otherwise break
/// the line or drive the terminal. Paths in the JSON reports stay exact.
func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0x09: out += "\\t"
        case 0x1B: out += "\\e"
        case 0..<0x20, 0x7F: out += "\\x" + String(cFormat: "%02x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
