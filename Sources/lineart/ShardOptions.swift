import ArgumentParser
import FoundationEssentials
import LineArtKit

/// `--shard`, `--shard-count`, `--files-from` and `-0` of `convert`: a share of a batch for
/// one task of a job system (docs/scale-out.md).
struct ShardOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Convert only shard K of N (K from 1 to N), chosen by a stable hash of each photo's path under the input folder; writes OUTPUT/report-K-of-N.json instead of report.json (merge them with 'lineart report merge'). env: K from JOB_COMPLETION_INDEX + 1 (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm).",
        valueName: "K/N|env"))
    var shard: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "With --shard env: the number of shards N (default: LINEART_SHARD_COUNT, or SLURM_ARRAY_TASK_COUNT).",
        valueName: "N"))
    var shardCount: Int?

    @Option(name: .long, help: ArgumentHelp(
        "Also convert the paths listed in this file, one per line (- reads the list from standard input).",
        valueName: "list"))
    var filesFrom: String?

    @Flag(name: .customShort("0"), help: "The --files-from list is separated by NUL bytes (find -print0), not lines.")
    var nulSeparated = false

    func validate() throws {
        if nulSeparated && filesFrom == nil { throw ValidationError("-0 needs --files-from LIST") }
        if let shardCount, shardCount < 1 { throw ValidationError("--shard-count must be at least 1") }
        if shardCount != nil && shard != "env" { throw ValidationError("--shard-count goes with --shard env (with --shard K/N, N is the count)") }
        if let shard, shard != "env" {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
        }
    }

    /// The shard asked for, nil for the whole batch.
    /// - Throws: a `ValidationError` when `--shard env` finds no usable job index.
    func resolve(environment: [String: String]) throws -> Shard? {
        guard let shard else { return nil }
        do {
            return shard == "env" ? try Shard.fromEnvironment(environment, count: shardCount) : try Shard(parsing: shard)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The paths of the `--files-from` list (empty entries left out), or none without it.
    /// - Throws: a `ValidationError` when the list cannot be read.
    func listedPaths() throws -> [String] {
        guard let filesFrom else { return [] }
        let bytes: [UInt8]
        if filesFrom == "-" {
            do { bytes = try readStandardInput() } catch { throw ValidationError("--files-from -: \(error)") }
        } else {
            guard let data = FileManager.default.contents(atPath: filesFrom) else {
                let reason = FileManager.default.fileExists(atPath: filesFrom) ? "cannot be read" : "does not exist"
                throw ValidationError("--files-from \(filesFrom): \(reason)")
            }
            bytes = [UInt8](data)
        }
        return listEntries(bytes, separator: nulSeparated ? 0 : UInt8(ascii: "\n"))
    }
}

/// The entries of a list of paths split at `separator`; a line's trailing carriage return
/// (a list written on Windows) and empty entries are left out.
func listEntries(_ bytes: [UInt8], separator: UInt8) -> [String] {
    bytes.split(separator: separator, omittingEmptySubsequences: true).compactMap { entry in
        let path = separator == UInt8(ascii: "\n") && entry.last == UInt8(ascii: "\r") ? entry.dropLast() : entry
        return path.isEmpty ? nil : String(decoding: path, as: UTF8.self)
    }
}
