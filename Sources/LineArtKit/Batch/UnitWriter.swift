import FoundationEssentials
import Glibc

/// A point in writing a photo's unit, where a test hook may stop the write as a kill or a
/// full disk would.
public enum UnitWriteStep: Sendable, Equatable {
    /// Every new file is written and synced under a temporary name; the old unit is untouched.
    case removeOldReport
    /// The old report is gone; an old companion the new unit does not write is removed next.
    case removeOldCompanion(String)
    /// A new companion is renamed into place next.
    case commitCompanion(String)
    /// Every companion is in place; the report is renamed into place next.
    case commitReport
}

/// Writes one photo's files as a unit, the report last: a report on disk always vouches
/// for the files beside it, those of its own run.
///
/// Order: every file staged (written and synced under a temporary name; a failure here
/// leaves the old unit as it was) → the old report removed (from here on no report claims
/// the files) → old companions the new unit does not write removed → the companions renamed
/// into place → the report renamed into place. A failure after the old report is removed
/// removes the companions written so far and the old ones left: the photo is left with none
/// of its outputs, and the next run converts it again.
struct UnitWriter {
    /// Two or more: companions are staged on a second thread while the report is.
    var threads: Int
    /// Called before each step; what it throws stops the write there, as a failure would.
    var beforeStep: @Sendable (UnitWriteStep) throws -> Void

    /// - Parameters:
    ///   - companions: (path, bytes) of the pages and region map, in writing order.
    ///   - oldCompanions: files of the old unit, as recorded, that may be removed
    ///     (those not written again are).
    func write(companions: [(String, [UInt8])], report: [UInt8], reportPath: String, oldCompanions: [String]) throws {
        let writer = AtomicFileWriter(createParentDirectories: true)
        let (stagedCompanions, stagedReport) = try stageAll(companions, report: report, reportPath: reportPath, writer: writer)
        var committed: [String] = []
        var pending = stagedCompanions
        var oldReportRemoved = false
        do {
            try beforeStep(.removeOldReport)
            try removeFile(reportPath)
            syncFolder(of: reportPath)
            oldReportRemoved = true
            let newPaths = Set(companions.map(\.0))
            for old in oldCompanions where !newPaths.contains(old) {
                try beforeStep(.removeOldCompanion(old))
                try removeFile(old)
            }
            while let staged = pending.first {
                try beforeStep(.commitCompanion(staged.path))
                try writer.commit(staged)
                pending.removeFirst()
                committed.append(staged.path)
            }
            try beforeStep(.commitReport)
            try writer.commit(stagedReport)
        } catch {
            for staged in pending { writer.discard(staged) }
            writer.discard(stagedReport)
            // No report vouches for what is there now: remove the new files and the old ones.
            if oldReportRemoved {
                for path in committed + oldCompanions { unlink(path) }
            }
            throw error
        }
    }

    /// Every file under its temporary name; on failure none is left.
    private func stageAll(_ companions: [(String, [UInt8])], report: [UInt8], reportPath: String,
                          writer: AtomicFileWriter) throws -> ([AtomicFileWriter.StagedFile], AtomicFileWriter.StagedFile) {
        @Sendable func stageCompanions() -> Result<[AtomicFileWriter.StagedFile], CodecError> {
            var staged: [AtomicFileWriter.StagedFile] = []
            for (path, bytes) in companions {
                do {
                    staged.append(try writer.stage(bytes, toPath: path))
                } catch {
                    for file in staged { writer.discard(file) }
                    return .failure(error)
                }
            }
            return .success(staged)
        }
        let pendingCompanions = threads >= 2 && !companions.isEmpty ? startOnSecondThread(stageCompanions) : nil
        let stagedCompanions = pendingCompanions == nil ? stageCompanions() : nil
        let stagedReport = Result { () throws(CodecError) in try writer.stage(report, toPath: reportPath) }
        let companionsResult = pendingCompanions?.wait() ?? stagedCompanions!
        switch (companionsResult, stagedReport) {
        case let (.success(files), .success(report)):
            return (files, report)
        case let (.success(files), .failure(error)):
            for file in files { writer.discard(file) }
            throw error
        case let (.failure(error), .success(report)):
            writer.discard(report)
            throw error
        case let (.failure(error), .failure):
            throw error
        }
    }

    /// Makes a removal durable before the renames that follow it (best effort).
    private func syncFolder(of path: String) {
        let fd = open(AtomicFileWriter.folderPart(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    /// Removes `path`; a file already gone is fine.
    private func removeFile(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw CodecError.io("cannot remove \(path): \(AtomicFileWriter.reason(errno))")
        }
    }
}
