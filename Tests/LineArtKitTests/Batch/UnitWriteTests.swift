import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// A photo's files are one unit: a write stopped at any step (a kill, a full disk) leaves
/// the old unit or none of the photo's files, never a report beside files it does not
/// vouch for; a rerun makes the unit whole.
@Suite struct UnitWriteTests {
    static let photo = BatchInput(path: Fixtures.repositoryRoot.appendingPathComponent("SampleImages/apple.jpg").path,
                                  relativePath: "apple.jpg")
    /// The old unit: page, SVG and region map.
    static let oldOutputs = PageOutputs(formats: [.png, .svg], regions: true)
    /// The new unit: another page size and no SVG or region map.
    static let newOutputs = PageOutputs(formats: [.png], dpi: 150)

    struct Stopped: Error {}

    static func converter() throws -> PhotoConverter {
        try PhotoConverter(preset: toddlerOnASmallPage())
    }

    static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            files[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    /// Whether the report on disk (if any) vouches for exactly the files of its unit as they
    /// are, and no other file of the photo is there.
    static func reportVouchesForItsFiles(_ folder: URL) -> Bool {
        let files = files(in: folder)
        guard let reportBytes = files["apple.json"] else { return true }
        guard let report = try? JSONDecoder().decode(ImageReport.self, from: reportBytes), let unit = report.unit else { return false }
        let others = Set(files.keys).subtracting(["apple.json"]).filter { !$0.hasPrefix(".") }
        return Set(unit.files.map(\.name)) == others && unit.files.allSatisfy { file in
            files[file.name].map { $0.count == file.bytes && sha256Hex([UInt8]($0)) == file.sha256 } == true
        }
    }

    @Test func aWriteStoppedAtAnyStepLeavesTheOldUnitOrNoneAndARerunRepairs() throws {
        let template = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: template) }
        let converter = try Self.converter()
        let base = { (folder: URL) in ConversionPaths(base: folder.appendingPathComponent("apple").path) }
        guard case .converted = converter.convert(Self.photo, paths: base(template), outputs: Self.oldOutputs,
                                                  existing: .update).outcome else {
            Issue.record("the old unit was not written")
            return
        }
        let oldFiles = Self.files(in: template)
        #expect(oldFiles.keys.sorted() == ["apple.json", "apple.png", "apple.regions.png", "apple.svg"])

        // Every step of the overwrite, as the writer announces them.
        let steps = LockedSteps()
        let scratch = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, bytes) in oldFiles { try bytes.write(to: scratch.appendingPathComponent(name)) }
        _ = converter.convert(Self.photo, paths: base(scratch), outputs: Self.newOutputs, existing: .overwrite,
                              beforeWriteStep: { steps.append($0) })
        let allSteps = steps.values
        #expect(allSteps.first == .removeOldReport && allSteps.last == .commitReport, "\(allSteps)")
        #expect(allSteps.contains(.removeOldCompanion(scratch.appendingPathComponent("apple.svg").path)))
        #expect(Self.files(in: scratch).keys.sorted() == ["apple.json", "apple.png"])

        for stop in allSteps.indices {
            let folder = try Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            for (name, bytes) in oldFiles { try bytes.write(to: folder.appendingPathComponent(name)) }
            let seen = LockedSteps()
            let consistent = LockedFlag()
            let conversion = converter.convert(Self.photo, paths: base(folder), outputs: Self.newOutputs, existing: .overwrite,
                                               beforeWriteStep: { step in
                                                   // What a kill here would leave.
                                                   if !Self.reportVouchesForItsFiles(folder) { consistent.clear() }
                                                   seen.append(step)
                                                   if seen.values.count == stop + 1 { throw Stopped() }
                                               })
            guard case .failed = conversion.outcome else {
                Issue.record("step \(stop): not stopped")
                continue
            }
            #expect(consistent.isSet, "step \(stop) (\(allSteps[stop])): a report beside files it does not vouch for")
            let left = Self.files(in: folder)
            #expect(!left.keys.contains { $0.hasPrefix(".") }, "step \(stop): temporaries left: \(left.keys.sorted())")
            #expect(left == oldFiles || left.isEmpty, "step \(stop): \(left.keys.sorted())")

            let rerun = converter.convert(Self.photo, paths: base(folder), outputs: Self.newOutputs, existing: .update)
            guard case .converted = rerun.outcome else {
                Issue.record("step \(stop): the rerun did not convert: \(rerun.outcome)")
                continue
            }
            #expect(Self.files(in: folder).keys.sorted() == ["apple.json", "apple.png"], "step \(stop)")
            #expect(Self.reportVouchesForItsFiles(folder))
            let again = converter.convert(Self.photo, paths: base(folder), outputs: Self.newOutputs, existing: .update)
            guard case .upToDate = again.outcome else {
                Issue.record("step \(stop): the repaired unit is not up to date: \(again.outcome)")
                continue
            }
        }
    }

    /// A write that fails while the new files are staged (a full disk) leaves the old unit.
    @Test func aFailureBeforeTheOldReportIsRemovedKeepsTheOldUnit() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let converter = try Self.converter()
        let paths = ConversionPaths(base: folder.appendingPathComponent("apple").path)
        _ = converter.convert(Self.photo, paths: paths, outputs: Self.oldOutputs, existing: .update)
        let old = Self.files(in: folder)
        let failed = converter.convert(Self.photo, paths: paths, outputs: Self.newOutputs, existing: .update,
                                       beforeWriteStep: { step in if step == .removeOldReport { throw Stopped() } })
        guard case .failed = failed.outcome else {
            Issue.record("not stopped")
            return
        }
        #expect(Self.files(in: folder) == old)
        let unchanged = converter.convert(Self.photo, paths: paths, outputs: Self.oldOutputs, existing: .update)
        guard case .upToDate = unchanged.outcome else {
            Issue.record("the old unit is not up to date: \(unchanged.outcome)")
            return
        }
    }

    /// A report edited to name a file that is not one of its photo's outputs cannot make a
    /// run remove that file; the unit is converted again.
    @Test func aReportNamingAnotherFileCannotHaveItRemoved() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let converter = try Self.converter()
        let paths = ConversionPaths(base: folder.appendingPathComponent("apple").path)
        _ = converter.convert(Self.photo, paths: paths, outputs: Self.newOutputs, existing: .update)
        let notes = Array("my notes\n".utf8)
        try Data(notes).write(to: folder.appendingPathComponent("apple.notes.txt"))
        let reportURL = folder.appendingPathComponent("apple.json")
        var report = try JSONDecoder().decode(ImageReport.self, from: Data(contentsOf: reportURL))
        report.unit?.files.append(OutputUnit.File(name: "apple.notes.txt", bytes: notes.count, sha256: sha256Hex(notes)))
        try encodeReportJSON(report).write(to: reportURL)
        let rerun = converter.convert(Self.photo, paths: paths, outputs: Self.newOutputs, existing: .update)
        guard case .converted = rerun.outcome else {
            Issue.record("not converted again: \(rerun.outcome)")
            return
        }
        #expect(rerun.reconverted == "apple.json names apple.notes.txt, which is not one of its photo's files")
        #expect(try Data(contentsOf: folder.appendingPathComponent("apple.notes.txt")) == Data(notes))
    }

    @Test func sha256MatchesKnownDigests() {
        #expect(sha256Hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(sha256Hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(sha256Hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}

/// Steps seen by a write hook (which may run on the converter's threads).
final class LockedSteps: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [UnitWriteStep] = []
    func append(_ step: UnitWriteStep) { lock.withLock { steps.append(step) } }
    var values: [UnitWriteStep] { lock.withLock { steps } }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = true
    func clear() { lock.withLock { value = false } }
    var isSet: Bool { lock.withLock { value } }
}
