import ArgumentParser
import LineArtKit

/// Creates the `--output` folder (and its parents), or says in words why it cannot
/// ("afile is not a folder", the system's reason) and exits with status 1.
func makeOutputFolder(_ path: String) throws {
    if let problem = AtomicFileWriter.makeFolders(path) {
        writeError("lineart: cannot create output folder \(path): \(problem)\n")
        throw ExitCode(ExitStatus.someFailed)
    }
}

/// ``makeOutputFolder(_:)`` for a command that writes only after a long run (tune): also
/// checks now that files can be created in the folder ("cannot write in output folder DIR:
/// permission denied", exit status 1), rather than after the run.
func makeWritableOutputFolder(_ path: String) throws {
    try makeOutputFolder(path)
    if let problem = AtomicFileWriter.cannotCreateFiles(in: path) {
        writeError("lineart: cannot write in output folder \(path): \(problem)\n")
        throw ExitCode(ExitStatus.someFailed)
    }
}
