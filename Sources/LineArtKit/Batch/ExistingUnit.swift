import FoundationEssentials
import Glibc

/// What a photo's output files on disk are before the photo is converted: nothing, a
/// complete unit (a report whose ``OutputUnit`` vouches for files that are all as
/// recorded), or something else, with the reason in words for the batch report.
struct ExistingUnit {
    /// The report on disk, when it reads as one.
    var report: ImageReport?
    /// The paths of the report's companions that are as it records them: the only files a
    /// new unit may remove when it does not write them again.
    var intactCompanions: [String]
    /// Why the files there are not a complete unit; nil when they are, or when there is nothing.
    var incompleteBecause: String?
    /// No report and none of the photo's planned files.
    var isAbsent: Bool

    var isComplete: Bool { !isAbsent && incompleteBecause == nil }

    /// Reads the report at `paths.report` and checks every companion it names.
    /// - Parameter planned: the files this run would write for the photo (report included).
    static func inspect(_ paths: ConversionPaths, planned: [String]) -> ExistingUnit {
        let reportName = PathString.lastComponent(paths.report)
        guard isPresent(paths.report) else {
            let stray = planned.first { $0 != paths.report && isPresent($0) }
            return ExistingUnit(report: nil, intactCompanions: [],
                                incompleteBecause: stray.map { "\(PathString.lastComponent($0)) has no report \(reportName) (a run cut short)" },
                                isAbsent: stray == nil)
        }
        guard let bytes = try? FileBytes.load(path: paths.report),
              let report = try? JSONDecoder().decode(ImageReport.self, from: Data(bytes)) else {
            return ExistingUnit(report: nil, intactCompanions: [],
                                incompleteBecause: "\(reportName) is not a complete report", isAbsent: false)
        }
        guard let unit = report.unit else {
            return ExistingUnit(report: report, intactCompanions: [],
                                incompleteBecause: "\(reportName) was written by an earlier lineart, which did not record its files",
                                isAbsent: false)
        }
        let folder = AtomicFileWriter.folderPart(of: paths.report)
        var intact: [String] = []
        var problem: String?
        for file in unit.files {
            guard isCompanionName(file.name, of: reportName) else {
                problem = problem ?? "\(reportName) names \(file.name), which is not one of its photo's files"
                continue
            }
            let path = PathString.appending(file.name, to: folder)
            guard let bytes = try? FileBytes.load(path: path) else {
                problem = problem ?? "\(file.name) is missing"
                continue
            }
            if bytes.count != file.bytes || sha256Hex(bytes) != file.sha256 {
                problem = problem ?? "\(file.name) is not the file \(reportName) records (\(bytes.count) bytes, recorded \(file.bytes))"
                continue
            }
            intact.append(path)
        }
        return ExistingUnit(report: report, intactCompanions: intact, incompleteBecause: problem, isAbsent: false)
    }

    /// Why a complete unit does not match what this run would make, or nil when it does.
    func staleBecause(photo: OutputUnit.Photo?, settingsHash: String, companions: [String]) -> String? {
        guard let unit = report?.unit else { return incompleteBecause }
        if photo != unit.photo { return "the photo changed since its page was made" }
        if settingsHash != unit.settingsHash { return "the settings or outputs asked for changed" }
        if unit.files.map(\.name) != companions.map(PathString.lastComponent) { return "the outputs asked for changed" }
        return nil
    }

    /// Whether anything (a file, a folder, a dangling link) has the name `path`.
    private static func isPresent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// A companion is beside its report and is one of the files lineart writes for it
    /// (`apple.png|svg|pdf|regions.png` for `apple.json`): a report edited to name another
    /// file cannot make a run remove that file.
    static func isCompanionName(_ name: String, of reportName: String) -> Bool {
        let stem = reportName.hasSuffix(".json") ? String(reportName.dropLast(5)) : reportName
        return OutputLayout.fileSuffixes.contains { $0 != "json" && name == stem + "." + $0 }
    }
}

/// The size and modification time of the photo at `path` (nil when it cannot be read).
func photoStamp(atPath path: String) -> OutputUnit.Photo? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return OutputUnit.Photo(bytes: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
                            modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
}
