/// File path text with the results of Foundation's `NSString` path methods on Linux
/// (`appendingPathComponent`, `deletingLastPathComponent`, `lastPathComponent`,
/// `pathExtension`, `deletingPathExtension`), which only the ICU-backed Foundation has.
/// Pure string work: nothing here looks at the file system. `PathStringTests` compares
/// every function with `NSString` on tricky paths.
public enum PathString {
    /// `folder` + "/" + `name`; no slash added when `folder` ends with one; either side
    /// alone when the other is empty. Nothing else is changed (`"a//"` + `"b"` is `"a//b"`).
    public static func appending(_ name: String, to folder: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path without its last component: `"a/b/c"` → `"a/b"`, `"/a"` → `"/"`,
    /// `"a"` → `""`; runs of slashes count as one and a trailing slash is ignored.
    public static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// The last component: `"a/b/"` → `"b"`, `"/"` → `"/"`, `""` → `""`.
    public static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.count <= 1 { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// The last component's extension without its dot: `"a/b.tar.gz"` → `"gz"`; `""` for
    /// `".profile"`, `".."` or a name without a dot; `"a."` → `""`.
    public static func pathExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.count > 1, let start = startOfExtension(fixed) else { return "" }
        return String(fixed[start...])
    }

    /// The path without the last component's extension and its dot: `"a/b.png"` →
    /// `"a/b"`; a path without one comes back with its slashes fixed (see above).
    public static func deletingExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.count > 1, let start = startOfExtension(fixed) else { return fixed }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// Runs of slashes made one, and a trailing slash dropped (but `"/"` kept).
    private static func fixingSlashes(_ path: String) -> String {
        if path == "/" { return path }
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var previousWasSlash = false
        for character in path {
            let isSlash = character == "/"
            if !(isSlash && previousWasSlash) { result.append(character) }
            previousWasSlash = isSlash
        }
        if result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// Where the last component of a fixed path (no trailing slash, two or more
    /// characters) begins.
    private static func startOfLastComponent(_ fixed: String) -> String.Index {
        var position = fixed.endIndex
        while position > fixed.startIndex {
            let previous = fixed.index(before: position)
            if fixed[previous] == "/" { break }
            position = previous
        }
        return position
    }

    /// Where the extension of a fixed path's last component begins (after its last dot);
    /// nil when the component has no dot but a leading one, or is `".."`.
    private static func startOfExtension(_ fixed: String) -> String.Index? {
        let componentStart = startOfLastComponent(fixed)
        var position = fixed.endIndex
        while position > componentStart {
            let previous = fixed.index(before: position)
            if fixed[previous] == "." {
                if previous == componentStart { return nil }
                if previous == fixed.index(before: fixed.endIndex),
                   fixed.index(before: previous) == componentStart, fixed[componentStart] == "." {
                    return nil
                }
                return position
            }
            position = previous
        }
        return nil
    }
}
