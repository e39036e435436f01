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
