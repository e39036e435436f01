import FoundationEssentials
import Glibc

/// The process's peak resident memory so far (`getrusage` `ru_maxrss`), in bytes.
/// On Linux `ru_maxrss` is in kilobytes; it only ever grows during a process.
#if os(Linux)
private let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

package func peakResidentBytes() -> Int {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
    #if os(Linux)
    return Int(usage.ru_maxrss) * 1024
    #else
    return Int(usage.ru_maxrss)
    #endif
}
