import Glibc

/// Removes the temporaries of ``AtomicFileWriter`` (`.NAME.tmp-<hex>`) in the output tree
/// `root` and its folders, which a run killed between writing a file and renaming it into
/// place leaves behind. Call it only while holding the folder's ``OutputFolderLock``: a
/// running writer's temporaries look the same. Links are not followed.
/// - Returns: the paths removed.
@discardableResult
public func removeStaleTemporaries(under root: String) -> [String] {
    var removed: [String] = []
    var folders = [root]
    while let folder = folders.popLast() {
        guard let dir = opendir(folder) else { continue }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let path = PathString.appending(name, to: folder)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(path)
            case S_IFREG where AtomicFileWriter.isTemporaryName(name):
                if unlink(path) == 0 { removed.append(path) }
            default: break
            }
        }
    }
    return removed
}
