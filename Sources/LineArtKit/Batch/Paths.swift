import FoundationEssentials
import Glibc

/// The absolute, standardised form of `path`.
func absolutePath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}

/// `path` relative to the folder `base` (both made absolute first), e.g. `../../SampleImages/a.jpg`.
func relativePath(_ path: String, from base: String) -> String {
    let target = absolutePath(path).split(separator: "/")
    let origin = absolutePath(base).split(separator: "/")
    var common = 0
    while common < target.count && common < origin.count && target[common] == origin[common] { common += 1 }
    let ups = Array(repeating: "..", count: origin.count - common)
    return (ups + target[common...].map(String.init)).joined(separator: "/")
}

/// `path` made absolute with the symbolic links resolved in the part of it that exists, so
/// two spellings of a file that may not exist yet (`out/a.png`, `./link-to-out/a.png`)
/// compare equal before the batch writes it.
func resolvedPath(_ path: String) -> String {
    var existing = absolutePath(path)
    var missing: [String] = []
    while true {
        if let real = realpath(existing, nil) {
            defer { free(real) }
            let base = String(cString: real)
            return missing.isEmpty ? base : (base == "/" ? "" : base) + "/" + missing.reversed().joined(separator: "/")
        }
        let parent = PathString.deletingLastComponent(existing)
        if parent == existing || parent.isEmpty { return absolutePath(path) }
        missing.append(PathString.lastComponent(existing))
        existing = parent
    }
}
