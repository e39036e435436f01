/// One share of a batch's photos: shard `number` of `count`, numbered from 1 (`1/3`, `2/3`, `3/3`).
///
/// A photo belongs to the shard chosen by a stable hash (FNV-1a, 64 bits) of its path relative
/// to the batch's input root, so every photo is in exactly one shard whatever machine or run
/// looks, the shards are about equal, and adding photos moves no other photo. Swift's `Hasher`
/// is seeded per process, so it cannot be used: two tasks would disagree.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// From 1 to `count`.
    public let number: Int
    public let count: Int

    /// - Throws: ``ShardProblem/outOfRange(number:count:)`` unless 1 ≤ number ≤ count.
    public init(number: Int, count: Int) throws(ShardProblem) {
        guard count >= 1, (1...count).contains(number) else { throw .outOfRange(number: number, count: count) }
        self.number = number
        self.count = count
    }

    /// Reads `K/N` (`2/5`).
    public init(parsing text: String) throws(ShardProblem) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]) else {
            throw .notKOfN(text)
        }
        try self.init(number: number, count: count)
    }

    /// `K/N`.
    public var description: String { "\(number)/\(count)" }

    /// The shard's batch report in the output folder: `report-K-of-N.json`.
    public var reportName: String { Self.reportName(number: number, count: count) }

    /// `report-K-of-N.json`, the batch report of shard K of N.
    public static func reportName(number: Int, count: Int) -> String { "report-\(number)-of-\(count).json" }

    /// The shard number and count of a file named `report-K-of-N.json`, else nil.
    public static func numbers(ofReportName name: String) -> (number: Int, count: Int)? {
        guard name.hasPrefix("report-"), name.hasSuffix(".json") else { return nil }
        let parts = name.dropFirst("report-".count).dropLast(".json".count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "of", let number = Int(parts[0]), let count = Int(parts[2]),
              reportName(number: number, count: count) == name else { return nil }
        return (number, count)
    }

    /// Whether the photo at `relativePath` (or a path named on the command line) is in this shard.
    public func contains(_ relativePath: String) -> Bool {
        Self.number(of: relativePath, count: count) == number
    }

    /// The shard (1...count) of `path`: the hash's high bits scaled to the count (multiply and
    /// shift), since FNV-1a's low bits depend only on the low bits of the bytes.
    public static func number(of path: String, count: Int) -> Int {
        Int(fnv1a64(path).multipliedFullWidth(by: UInt64(count)).high) + 1
    }
}

/// FNV-1a, 64 bits, of the UTF-8 bytes of `text`: the same on every machine and in every run.
public func fnv1a64(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
}

/// Why a shard cannot be used.
public enum ShardProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case notKOfN(String)
    case outOfRange(number: Int, count: Int)
    /// `--shard env` found no job index in the environment.
    case noIndexInEnvironment
    /// A variable of the environment that is not a whole number.
    case notANumber(variable: String, value: String)
    /// A Kubernetes index without a count.
    case noCount(indexVariable: String)

    public var description: String {
        switch self {
        case .notKOfN(let text):
            return "--shard \(text): expected K/N (shard K of N, K from 1 to N, e.g. 2/5) or env"
        case let .outOfRange(number, count):
            return count < 1 ? "--shard: the number of shards must be at least 1, not \(count)"
                : "--shard \(number)/\(count): K counts from 1 to \(count)"
        case .noIndexInEnvironment:
            return "--shard env: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set"
        case let .notANumber(variable, value):
            return "--shard env: \(variable)=\(value) is not a whole number"
        case .noCount(let variable):
            return "--shard env: \(variable) is set but the number of shards is not: give --shard-count N or set LINEART_SHARD_COUNT"
        }
    }
}
