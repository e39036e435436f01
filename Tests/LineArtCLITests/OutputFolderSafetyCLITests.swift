import Foundation
import LineArtKit
import Testing

/// The output folder is made ready before any photo is converted: created, proved writable,
/// locked against a second run, rid of a killed run's temporaries.
@Suite struct OutputFolderSafetyCLITests {
    /// Root is not stopped by permissions: as root, the run is made as `nobody` with setpriv.
    static let canRunUnprivileged = geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// `lineart args...` as an unprivileged user when the tests run as root.
    static func runUnprivileged(_ args: [String], in folder: URL) throws -> CLI.Result {
        guard geteuid() == 0 else { return try CLI.run(args, in: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary.path] + args
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                          stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(.enabled(if: canRunUnprivileged, "running as root without setpriv: permissions do not stop root"))
    func aReadOnlyOutputFolderFailsBeforeAnyPhotoIsConverted() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try FileManager.default.createDirectory(at: folder.path("out"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path("out").path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("out").path) }
        let result = try Self.runUnprivileged(["convert", "in", "-o", "out"], in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "lineart: cannot write in output folder out: permission denied\n", "\(result.stderr)")
        #expect(folder.allFiles().filter { $0.hasPrefix("out/") }.isEmpty)
    }

    /// `-o` naming a regular file is a usage error, as `--help` says.
    @Test func anOutputFolderThatIsAFileIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        try folder.write("afile", Array("x".utf8))
        let result = try CLI.run(["convert", "apple.jpg", "-o", "afile", "-q"], in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot create output folder afile: afile is not a folder"), "\(result.stderr)")
    }

    /// A second run into a folder another run is writing into exits 2 at once, naming the
    /// folder; with --wait it runs once the first has finished. The test holds the folder with
    /// the lock a run takes (``OutputFolderLock``), so nothing depends on how long a run takes.
    @Test func aSecondRunIntoTheSameFolderExitsTwoUnlessItWaits() throws {
        let folder = try TemporaryFolder()
        for index in 0..<3 { try folder.copySample("HappyFish.jpg", to: "in/fish\(index).jpg") }
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let holder = try OutputFolderLock(folder: out.path, wait: false)
        let second = try CLI.run(["convert", "in", "-o", "out", "--jobs", "1", "-q"], in: folder.url)
        #expect(second.status == 2, "\(second.stderr)")
        #expect(second.stderr.contains("another lineart run is writing into out"), "\(second.stderr)")
        let waiting = try CLI.start(["convert", "in", "-o", "out", "--jobs", "1", "--wait"], in: folder.url)
        #expect(waiting.waitForStderr(containing: "waiting for the lineart run writing into out"))
        holder.release()
        let waited = waiting.finish()
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(waited.stderr.contains("3 converted"), "the waiting run converts: \(waited.stderr)")
        #expect(!folder.allFiles().contains("out/.lineart.lock"), "the lock file goes with the last run")
    }

    /// Temporaries a killed run left of the batch's files are removed at the start of a run;
    /// a file that only looks a little like one, or the temporary of a file this batch does
    /// not write (another program's), is left.
    @Test func staleTemporariesAreRemovedAtTheStart() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/sub/apple.jpg")
        try folder.write("out/sub/.apple.png.tmp-1f2e3d4c5b6a7980", Array("half a page".utf8))
        try folder.write("out/.report.json.tmp-ab", Array("{".utf8))
        try folder.write("out/.notes.tmp-keep", Array("mine".utf8))
        try folder.write("out/.holiday.png.tmp-9a", Array("another program's".utf8))
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.allFiles().filter { $0.hasPrefix("out/") } == [
            "out/.holiday.png.tmp-9a", "out/.notes.tmp-keep", "out/report.json", "out/sub/apple.json", "out/sub/apple.png",
        ], "\(folder.allFiles())")
    }

    /// stderr closed (`2>&1 | head`): the batch goes on and writes its report.
    @Test func aClosedStderrDoesNotEndTheBatch() throws {
        let folder = try TemporaryFolder()
        for index in 0..<3 { try folder.copySample("apple.jpg", to: "in/apple\(index).jpg") }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["convert", "in", "-o", "out", "--preset", "toddler", "--jobs", "1", "--json"]
        process.currentDirectoryURL = folder.url
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Nobody reads either stream: the first write to them fails with EPIPE.
        try out.fileHandleForReading.close()
        try err.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0,
                "status \(process.terminationStatus), \(process.terminationReason == .uncaughtSignal ? "killed by a signal" : "exited")")
        let counts = try readJSONObject(folder.path("out/report.json"))["counts"] as? [String: Int]
        #expect(counts?["converted"] == 3, "\(counts ?? [:])")
    }

    /// A photo whose page name is too long for the file system fails before any photo is
    /// converted, with nothing written for it; the batch goes on.
    @Test func aNameTooLongFailsThePhotoBeforeItIsConverted() throws {
        let folder = try TemporaryFolder()
        let long = String(repeating: "n", count: 250) + ".jpg"   // NAME.png fits; NAME.regions.png does not
        try folder.copySample("apple.jpg", to: "in/" + long)
        try folder.copySample("HappyFish.jpg", to: "in/fish.jpg")
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "--regions", "-q"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("file name too long (262 bytes; at most 255)"), "\(result.stderr)")
        let failures = try readJSONObject(folder.path("out/report.json"))["failures"] as? [[String: String]]
        #expect(failures?.count == 1)
        #expect(folder.allFiles().filter { $0.hasPrefix("out/n") }.isEmpty, "\(folder.allFiles())")

        // Said before the first photo (fish.jpg, first by name) is converted.
        let told = try CLI.run(["convert", "in", "-o", "out2", "--preset", "toddler", "--regions", "--jobs", "1"], in: folder.url)
        let refusal = try #require(told.stderr.range(of: "file name too long"), "\(told.stderr)")
        let fish = try #require(told.stderr.range(of: "in/fish.jpg: score"), "\(told.stderr)")
        #expect(refusal.lowerBound < fish.lowerBound, "\(told.stderr)")
    }
}

/// Exit statuses that follow `--help`: a named path that cannot be used is a usage error when
/// it is the only one, and a link loop without an image name is passed over like any
/// broken link.
@Suite struct InputExitStatusCLITests {
    @Test(.enabled(if: OutputFolderSafetyCLITests.canRunUnprivileged, "running as root without setpriv: permissions do not stop root"))
    func anUnreadableFileAsTheOnlyInputIsAUsageErrorAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "secret.jpg")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.path("secret.jpg").path)
        // Writable by anyone, so only the unreadable photo can stop the run.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        let result = try OutputFolderSafetyCLITests.runUnprivileged(["convert", "secret.jpg", "-o", "out"], in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no input found: secret.jpg: cannot read file: permission denied"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out").path), "no output folder made")
    }

    @Test func aLinkLoopWithoutAnImageNameIsPassedOver() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/loop").path, withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/gone").path, withDestinationPath: "nothing")
        let result = try CLI.run(["convert", "in", "-o", "out", "--preset", "toddler", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("in/loop"), "\(result.stderr)")
    }
}

@Suite struct BatchReportNotWrittenCLITests {
    /// The summary does not send people to a report.json that could not be written.
    @Test func theSummarySaysWhenReportJSONWasNotWritten() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "apple.jpg")
        try folder.write("out/report.json/keep", Array("a folder where the report goes\n".utf8))
        let result = try CLI.run(["convert", "apple.jpg", "-o", "out", "--preset", "toddler"], in: folder.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write out/report.json: is a directory"), "\(result.stderr)")
        #expect(result.stderr.contains("report: out/report.json (not written)"), "\(result.stderr)")
    }
}
