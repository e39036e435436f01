import Dispatch
import FoundationEssentials
import LineArtKit
import Glibc

/// Turns Ctrl-C (SIGINT) and SIGTERM into a flag the batch polls between files.
///
/// The first signal asks the batch to stop: no new file is started, files in
/// progress finish and are written atomically, and the batch report is written.
/// A second signal exits at once; atomic writes still leave no partial outputs
/// (only hidden `.NAME.tmp-*` files, which the next run into the folder removes).
final class InterruptFlag: @unchecked Sendable {
    private let lock = MutexLock()
    private var raised = false
    private var sources: [DispatchSourceSignal] = []
    /// What the first signal lets finish, for its message.
    private let stopping: String

    /// - Parameter stopping: what finishes after the first signal ("the files in progress").
    init(stopping: String = "the files in progress") {
        self.stopping = stopping
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.raise() }
            source.resume()
            sources.append(source)
        }
    }

    var isRaised: Bool {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }

    private func raise() {
        lock.lock()
        let again = raised
        raised = true
        lock.unlock()
        if again {
            writeError("\nlineart: interrupted again, exiting now\n")
            exit(ExitStatus.interrupted)
        }
        writeError("\nlineart: stopping after \(stopping) (Ctrl-C again to quit now)\n")
    }
}
