import ArgumentParser
import LineArtKit
import FoundationEssentials
import Glibc

extension LineArtCommand {
    /// Runs the command, with usage errors (bad flags, unknown preset, bad --set) exiting 2.
    static func main() {
        // A closed stdout or stderr (`2>&1 | head`) must not end a batch before its report is
        // written: writes to it fail (EPIPE) and are dropped instead.
        signal(SIGPIPE, SIG_IGN)
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitForError(error, usageOf: Self.self)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            // A usage problem found while running: say it and point at the subcommand's help.
            let name = type(of: command).configuration.commandName.map { " " + $0 } ?? ""
            writeError("Error: \(error.message)\nSee 'lineart\(name) --help'.\n")
            exitProcess(ExitStatus.usage)
        } catch {
            exitForError(error, usageOf: Self.self)
        }
    }

    private static func exitForError(_ error: any Error, usageOf commandType: any ParsableCommand.Type) -> Never {
        if exitCode(for: error) == .validationFailure {
            writeError(commandType.fullMessage(for: error) + "\n")
            exitProcess(ExitStatus.usage)
        }
        exit(withError: error)
    }
}

/// The process exit statuses of every subcommand.
enum ExitStatus {
    /// Everything converted (or validated) fine.
    static let success: Int32 = 0
    /// Some files failed; the others were done and the report lists the failures.
    static let someFailed: Int32 = 1
    /// The command line could not be used: no input, unknown preset, bad --set.
    static let usage: Int32 = 2
    /// Stopped by Ctrl-C (128 + SIGINT), after writing what was finished.
    static let interrupted: Int32 = 130
}
