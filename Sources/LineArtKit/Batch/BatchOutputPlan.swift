import FoundationEssentials
import Glibc

/// Every file a batch will write, known before the first photo is converted: each photo's
/// pages, region map and report, and the batch report; used to check the files written once
/// per batch (the booklet, the contact sheet) before the batch starts.
///
/// A batch-level file is written after every photo, so a name that cannot work (an input
/// photo, a page or report of this batch, a folder, a path through a file) would surface only
/// when the long part is over, after the damage: `--booklet src/apple.jpg` replaced the photo
/// with a PDF, `--contact-sheet out/report.json` replaced the report with HTML. Checked here,
/// such a name is a usage error and nothing is converted.
public struct BatchOutputPlan: Sendable {
    /// The batch's photos, which no file may replace.
    public let inputPhotos: InputPhotos
    /// The batch report's path (`OUTPUT/report.json`).
    public let batchReportPath: String
    /// The resolved path (``resolvedPath(_:)``) of every file the batch writes, to the path as planned.
    private let plannedFiles: [String: String]
    /// The resolved folders those files go into, up to the output folder.
    private let plannedFolders: Set<String>

    public init(layout: OutputLayout, outputs: PageOutputs) {
        inputPhotos = layout.inputPhotos
        batchReportPath = layout.batchReportPath
        var files: [String: String] = [:]
        var folders: Set<String> = [resolvedPath(layout.root)]
        let root = resolvedPath(layout.root)
        let planned = layout.stems.indices.flatMap { ConversionPaths(layout: layout, index: $0).files(for: outputs) }
        for path in planned + [layout.batchReportPath] {
            let resolved = resolvedPath(path)
            if files[resolved] == nil { files[resolved] = path }
            var folder = PathString.deletingLastComponent(resolved)
            while folder.count > root.count, folders.insert(folder).inserted {
                folder = PathString.deletingLastComponent(folder)
            }
        }
        plannedFiles = files
        plannedFolders = folders
    }

    /// Every file the batch writes for its photos, and the batch report, as planned.
    public var allFiles: [String] { plannedFiles.values.sorted() }

    /// Checks that the batch report is not one of the input photos (a photo named
    /// `report.json` in the output folder): it is written whatever the policy, so it would
    /// be lost.
    /// - Throws: ``BatchFileProblem/inputPhoto(option:path:photo:)`` with option `--output`.
    public func checkBatchReport() throws(BatchFileProblem) {
        if let photo = inputPhotos.photo(at: batchReportPath) {
            throw .inputPhoto(option: "--output", path: batchReportPath, photo: photo)
        }
    }

    /// Checks the batch-level files asked for, each given as (option, path), e.g.
    /// `("--booklet", "book.pdf")`.
    ///
    /// A file must not be an input photo, a page, region map or report of the batch, a
    /// folder the batch writes into, or the file of another option, whatever `existing` says;
    /// it must not be a folder, its folder must be (or become) a folder that can be written,
    /// and an existing file is refused under ``ExistingOutputPolicy/fail`` (replaced under
    /// `.overwrite`, and under `.skip`: it is one file for the whole batch, rewritten when a
    /// stopped batch is resumed).
    /// - Throws: the first problem found, naming the option and the path.
    public func check(_ files: [(option: String, path: String)], existing: ExistingOutputPolicy) throws(BatchFileProblem) {
        var taken: [String: String] = [:]
        for (option, path) in files {
            let resolved = resolvedPath(path)
            if let photo = inputPhotos.photo(at: path) {
                throw .inputPhoto(option: option, path: path, photo: photo)
            }
            if let output = plannedFiles[resolved] {
                throw .batchOutput(option: option, path: path, output: output)
            }
            if plannedFolders.contains(resolved) {
                throw .isDirectory(option: option, path: path)
            }
            var folder = PathString.deletingLastComponent(resolved)
            while folder.count > 1 {
                if let output = plannedFiles[folder] { throw .notAFolder(option: option, path: path, blocker: output) }
                folder = PathString.deletingLastComponent(folder)
            }
            if let other = taken[resolved] {
                throw .sameFile(option: option, path: path, otherOption: other)
            }
            taken[resolved] = option
            try checkWritable(option: option, path: path, existing: existing)
        }
    }

    /// The file system side: not a folder, in a folder that is or can be created and written,
    /// and not already there unless it may be replaced.
    private func checkWritable(option: String, path: String, existing: ExistingOutputPolicy) throws(BatchFileProblem) {
        if AtomicFileWriter.isDirectory(path) { throw .isDirectory(option: option, path: path) }
        // The nearest folder on the path that exists: the file's own, or the one its missing
        // folders will be created in.
        var folder = AtomicFileWriter.folderPart(of: path)
        var info = stat()
        while stat(folder, &info) != 0 {
            let parent = AtomicFileWriter.folderPart(of: folder)
            if parent == folder { break }
            folder = parent
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            throw .notAFolder(option: option, path: path, blocker: folder)
        }
        if access(folder, W_OK | X_OK) != 0 {
            throw .cannotWriteIn(option: option, path: path, folder: folder, reason: AtomicFileWriter.reason(errno))
        }
        if existing == .update, lstat(path, &info) == 0 {
            throw .exists(option: option, path: path)
        }
    }
}

/// Why a batch-level file (booklet, contact sheet, batch report) cannot be written where asked.
///
/// `description` is the whole message, naming the option, the path and the way out.
public enum BatchFileProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path is one of the batch's input photos.
    case inputPhoto(option: String, path: String, photo: String)
    /// The path is a page, region map or report that the batch writes.
    case batchOutput(option: String, path: String, output: String)
    /// Two options name the same file.
    case sameFile(option: String, path: String, otherOption: String)
    /// The path is a folder (or one the batch writes pages into).
    case isDirectory(option: String, path: String)
    /// A file (or a file the batch writes) stands where a folder of the path must be.
    case notAFolder(option: String, path: String, blocker: String)
    /// The folder it goes in cannot be written (permission denied, read-only file system).
    case cannotWriteIn(option: String, path: String, folder: String, reason: String)
    /// The file exists and neither `--overwrite` nor `--skip-existing` was given.
    case exists(option: String, path: String)

    public var description: String {
        switch self {
        case let .inputPhoto(option, path, photo):
            let subject = option == "--output" ? path : "\(option) \(path)"
            let remedy = option == "--output" ? "--output" : "\(option) file"
            return "\(subject) would overwrite the input photo \(photo); choose another \(remedy)"
        case let .batchOutput(option, path, output):
            return "\(option) \(path) is \(output), which this batch writes; choose another \(option) file"
        case let .sameFile(option, path, otherOption):
            return "\(option) \(path) is the same file as \(otherOption); choose another \(option) file"
        case let .isDirectory(option, path):
            return "\(option) \(path) is a directory; name a file"
        case let .notAFolder(option, path, blocker):
            return "\(option) \(path): \(blocker) is not a folder"
        case let .cannotWriteIn(option, path, folder, reason):
            return "\(option) \(path): cannot create files in \(folder): \(reason)"
        case let .exists(option, path):
            return "\(option) \(path) already exists (use --overwrite to replace it)"
        }
    }
}
