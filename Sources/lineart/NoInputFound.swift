import ArgumentParser
import LineArtKit

/// The rule every command applies to paths named on its command line that cannot be used (a
/// path that does not exist, a folder that cannot be read, the output folder of convert or
/// tune): when *every* named path is one, there is nothing to work on, and it is a usage error
/// (exit status 2, nothing written). When some named path can be used, each one that cannot
/// is a failure like a file that cannot be decoded: the command names it on stderr (and in its
/// report), does the others, and exits 1, so one mistyped name does not stop a batch.
/// - Throws: a `ValidationError` naming each path and why it cannot be used, when none can.
func requireSomeNamedInput(_ discovery: InputDiscovery.Result, named inputs: [String]) throws {
    var reasons: [String: String] = [:]
    for problem in discovery.problems where reasons[problem.path] == nil { reasons[problem.path] = problem.reason }
    guard !inputs.isEmpty, inputs.allSatisfy({ reasons[$0] != nil }) else { return }
    var said = Set<String>()
    let list = inputs.filter { said.insert($0).inserted }.map { "\(printable($0)): \(reasons[$0]!)" }
    throw ValidationError("no input found: \(list.joined(separator: "; "))")
}
