import Glibc

/// Why the file system cannot hold a file at `path`, in words ("cannot write PATH: file name
/// too long (300 bytes; at most 255)"), or nil when it can: checked before a photo is
/// decoded, so a name too long fails the photo at once rather than after its pages are made.
/// The limit is the one of the nearest existing folder on the way (pathconf), 255 when unknown.
func fileNameProblem(_ path: String) -> String? {
    if path.utf8.count >= Int(PATH_MAX) {
        return "cannot write \(path): path too long (\(path.utf8.count) bytes; at most \(Int(PATH_MAX) - 1))"
    }
    let limit = nameLimit(near: AtomicFileWriter.folderPart(of: path))
    for component in path.split(separator: "/") where component.utf8.count > limit {
        let what = component == path.split(separator: "/").last ? "file name" : "folder name \(component.prefix(20))..."
        return "cannot write \(path): \(what) too long (\(component.utf8.count) bytes; at most \(limit))"
    }
    return nil
}

/// NAME_MAX of the nearest existing folder at or above `folder`.
private func nameLimit(near folder: String) -> Int {
    var current = folder
    while true {
        errno = 0
        let limit = pathconf(current, Int32(_PC_NAME_MAX))
        if limit > 0 { return limit }
        let parent = AtomicFileWriter.folderPart(of: current)
        if parent == current { return 255 }
        current = parent
    }
}
