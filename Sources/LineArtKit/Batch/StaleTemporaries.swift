import Glibc

/// Removes the temporaries ``AtomicFileWriter`` leaves when a run is killed between writing a
/// file and renaming it into place (`.NAME.tmp-<hex>`), for the files a batch writes: each
/// folder of `files` is listed once, and only temporaries of those files (or of the
/// output-folder probe) go, so another program's files that look alike are left. Call it
/// only while holding the folder's ``OutputFolderLock``: a running writer's temporaries look
/// the same.
/// - Returns: the paths removed.
@discardableResult
public func removeStaleTemporaries(of files: [String]) -> [String] {
    var namesByFolder: [String: Set<String>] = [:]
    for file in files {
        namesByFolder[AtomicFileWriter.folderPart(of: file), default: [AtomicFileWriter.probeName]]
            .insert(PathString.lastComponent(file))
    }
    var removed: [String] = []
    for (folder, names) in namesByFolder {
        guard let dir = opendir(folder) else { continue }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard AtomicFileWriter.isTemporaryName(name), let target = AtomicFileWriter.temporaryTarget(name),
                  names.contains(where: { $0 == target || (target.utf8.count >= 200 && $0.hasPrefix(target)) })
            else { continue }
            let path = PathString.appending(name, to: folder)
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(path) == 0 { removed.append(path) }
        }
    }
    return removed.sorted()
}
