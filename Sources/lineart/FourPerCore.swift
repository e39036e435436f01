import FoundationEssentials

/// `requested` jobs or threads, at most four per core, with a note on stderr (unless
/// `quiet`) when it is cut. More than that only adds work held in memory at once
/// (`convert --jobs 1000` on 60 photos took 1.4 GB and ran slower; `tune --jobs` starts a
/// pipeline run per job) or overflows the row-band arithmetic (`bench --threads`).
func limitedToFourPerCore(_ requested: Int, option: String, quiet: Bool = false) -> Int {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let limited = min(requested, 4 * max(1, cores))
    if limited < requested && !quiet {
        writeError("lineart: \(option) \(requested) is more than four per core (\(cores) cores): using \(limited)\n")
    }
    return limited
}
