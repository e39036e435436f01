import ArgumentParser
import FoundationEssentials
import Glibc
import LineArtKit

/// Creates the `--output` folder (and its parents), or says in words why it cannot
/// ("afile is not a folder", the system's reason) and exits with `failureStatus`.
/// - Returns: the folders this call created, to remove again if the run writes nothing.
@discardableResult
func makeOutputFolder(_ path: String, failureStatus: Int32 = ExitStatus.someFailed) throws -> CreatedFolders {
    var created: [String] = []
    if let problem = AtomicFileWriter.makeFolders(path, created: &created) {
        writeError("lineart: cannot create output folder \(path): \(problem)\n")
        throw ExitCode(failureStatus)
    }
    return CreatedFolders(paths: created)
}

/// Readies convert's output folder before any photo is converted: created, proved writable
/// by a probe file, locked against a second run into it (``OutputFolderLock``; with `wait`
/// the run waits its turn), and rid of the temporaries a killed run left of `files` (the
/// files the batch writes). A folder that cannot be used is a usage error (exit status 2),
/// said in words.
/// - Returns: the lock, held until released or freed.
func prepareConvertOutputFolder(_ path: String, writing files: [String], lockName: String = OutputFolderLock.fileName,
                                wait: Bool, quiet: Bool) throws -> OutputFolderLock {
    try makeOutputFolder(path, failureStatus: ExitStatus.usage)
    do throws(OutputFolderProblem) {
        if let reason = AtomicFileWriter.probeWritable(path) { throw .notWritable(folder: path, reason: reason) }
        let lock = try OutputFolderLock(folder: path, name: lockName, wait: wait, onWaiting: {
            if !quiet { writeError("lineart: waiting for the lineart run writing into \(path)\n") }
        })
        removeStaleTemporaries(of: files)
        return lock
    } catch {
        writeError("lineart: \(error)\n")
        throw ExitCode(ExitStatus.usage)
    }
}

/// ``makeOutputFolder(_:)`` for a command that writes only after a long run (tune): also
/// checks now that files can be created in the folder ("cannot write in output folder DIR:
/// permission denied", exit status 1), rather than after the run.
@discardableResult
func makeWritableOutputFolder(_ path: String) throws -> CreatedFolders {
    let created = try makeOutputFolder(path)
    if let problem = AtomicFileWriter.cannotCreateFiles(in: path) {
        writeError("lineart: cannot write in output folder \(path): \(problem)\n")
        throw ExitCode(ExitStatus.someFailed)
    }
    return created
}

/// The folders a run created for its output (outermost first), so that a run that ends
/// with nothing written (an early Ctrl-C, no photo decoded) leaves no empty folder behind.
struct CreatedFolders {
    var paths: [String]

    /// Removes the folders, innermost first, each only while it is empty: rmdir(2) refuses a
    /// folder with anything in it, so a file written meanwhile (by this run or anyone else)
    /// keeps its folder and every folder above it. Folders that existed before are not in
    /// the list and are never touched.
    func removeIfEmpty() {
        for path in paths.reversed() {
            if rmdir(path) != 0 { return } // not empty (or gone): keep it and those above
        }
    }
}
