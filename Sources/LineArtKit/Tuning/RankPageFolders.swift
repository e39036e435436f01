import FoundationEssentials
import Glibc

/// The `pages/rank-K/` folders of a tuning run's output folder: the pages of its top
/// combinations, one folder per rank, mirroring the samples' tree.
///
/// An earlier run in the same folder may have left other rank folders (a larger `--top`:
/// `rank-4`, `rank-5`) or pages of photos no longer sampled; report.html shows neither. So
/// before a run writes its pages, ``clearEarlierRuns()`` removes every `rank-K` folder that
/// holds only what tune writes there (PNG pages in folders, and the hidden temporaries of a
/// write cut short), and keeps, naming it, any that holds anything else: a file of another
/// kind, or a symbolic link (never followed).
public struct RankPageFolders: Sendable {
    /// The tuning run's output folder.
    public var outputFolder: String

    public init(outputFolder: String) {
        self.outputFolder = outputFolder
    }

    /// The folder of rank `rank`'s pages relative to the output folder (`pages/rank-1`).
    public static func relativePath(rank: Int) -> String { "pages/rank-\(rank)" }

    /// A rank folder left in place, and why.
    public struct KeptFolder: Sendable, Equatable {
        /// The folder, as `outputFolder/pages/rank-K`.
        public var path: String
        /// Why it stays: "it holds notes.txt, which tune does not write", "cannot remove it: ...".
        public var reason: String

        /// One line for people.
        public var note: String {
            "\(path) is left as it is (\(reason)): pages in it may be from an earlier run, not in report.html"
        }
    }

    /// Removes the rank folders (any rank) of earlier runs that hold only PNG pages, folders
    /// and write temporaries.
    /// - Returns: the rank folders kept because they hold anything else or cannot be
    ///   removed, in rank order.
    public func clearEarlierRuns() -> [KeptFolder] {
        let pages = PathString.appending("pages", to: outputFolder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: pages) else { return [] }
        var kept: [(rank: Int, folder: KeptFolder)] = []
        for name in names {
            guard let rank = Self.rank(ofFolderNamed: name) else { continue }
            let folder = PathString.appending(name, to: pages)
            guard Self.kind(of: folder) == S_IFDIR else {
                kept.append((rank, KeptFolder(path: folder, reason: "it is not a folder but a file or a symbolic link")))
                continue
            }
            if let foreign = Self.firstForeignEntry(in: folder, relativeTo: "") {
                kept.append((rank, KeptFolder(path: folder, reason: foreign)))
                continue
            }
            if let problem = Self.remove(folder) {
                kept.append((rank, KeptFolder(path: folder, reason: "cannot remove it: \(problem)")))
            }
        }
        return kept.sorted { $0.rank < $1.rank }.map(\.folder)
    }

    /// K for a name `rank-K` as tune spells it (K >= 1, no leading zero, no sign), else nil.
    static func rank(ofFolderNamed name: String) -> Int? {
        guard name.hasPrefix("rank-") else { return nil }
        let digits = name.dropFirst("rank-".count)
        guard let first = digits.first, first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Why the folder `folder` (a real folder) holds something tune does not write there:
    /// "it holds notes.txt, which tune does not write" for the first such entry below it (links
    /// are not followed), or "cannot read ..." for a folder that cannot be listed; nil when
    /// it holds only PNG pages, folders of them and write temporaries.
    private static func firstForeignEntry(in folder: String, relativeTo relative: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return "cannot read \(relative.isEmpty ? "it" : relative)"
        }
        for name in names.sorted() {
            let path = PathString.appending(name, to: folder)
            let entry = relative.isEmpty ? name : PathString.appending(name, to: relative)
            switch kind(of: path) {
            case S_IFDIR:
                if let foreign = firstForeignEntry(in: path, relativeTo: entry) { return foreign }
            case S_IFREG where name.hasSuffix(".png") || AtomicFileWriter.isTemporaryName(name):
                continue
            default:
                return "it holds \(entry), which tune does not write"
            }
        }
        return nil
    }

    /// Removes the folder `path` and everything below it (links are not followed, and
    /// ``firstForeignEntry(in:relativeTo:)`` found none); nil when done, else why not.
    private static func remove(_ path: String) -> String? {
        if kind(of: path) == S_IFDIR {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names {
                if let problem = remove(PathString.appending(name, to: path)) { return problem }
            }
            return rmdir(path) == 0 ? nil : "\(path): \(AtomicFileWriter.reason(errno))"
        }
        return unlink(path) == 0 ? nil : "\(path): \(AtomicFileWriter.reason(errno))"
    }

    /// The file type bits of `path` itself (a link is a link), or 0 when it cannot be looked up.
    private static func kind(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }
}
