import Foundation
import LineArtKit
import Testing

/// Inputs that are not plain photo files: FIFOs, devices, broken links, the output folder
/// itself. None may hang a run or vanish without a word.
@Suite(.serialized) struct SpecialInputsCLITests {
    @Test func aFIFOOrADeviceIsNamedAndSkippedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/apple.jpg")
        #expect(mkfifo(folder.path("in/pipe.jpg").path, 0o644) == 0)
        #expect(mkfifo(folder.path("in/pipe").path, 0o644) == 0)  // no image name: passed over
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/broken.jpg").path, withDestinationPath: "gone.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.path("in/gone").path, withDestinationPath: "nothing")

        // Opening a FIFO for reading waits for a writer: before, this run never ended.
        let result = try CLI.run(["convert", "in", "-o", "out"], in: folder.url)
        #expect(result.status == 1, "broken.jpg fails: \(result.stderr)")
        // Passed over, as the docs say, and named: not a failure.
        #expect(result.stderr.contains("in/pipe.jpg: is a FIFO (named pipe), not a regular file; passed over"), "\(result.stderr)")
        #expect(result.stderr.contains("in/broken.jpg: broken symbolic link"), "\(result.stderr)")
        #expect(!result.stderr.contains("in/pipe:") && !result.stderr.contains("in/gone"), "\(result.stderr)")
        let batch = try readJSONObject(folder.path("out/report.json"))
        let counts = try #require(batch["counts"] as? [String: Int])
        #expect(counts["converted"] == 1 && counts["failed"] == 1, "\(counts)")
        let alone = try CLI.run(["convert", "in/pipe.jpg", "in/apple.jpg", "-o", "out3", "-q"], in: folder.url)
        #expect(alone.status == 1, "named on the command line, a FIFO is a failed input: \(alone.stderr)")

        // Named on the command line, a FIFO and an endless device are refused by their type.
        let named = try CLI.run(["convert", "in/pipe.jpg", "/dev/zero", "in/apple.jpg", "-o", "out2"], in: folder.url)
        #expect(named.status == 1, "\(named.stderr)")
        #expect(named.stderr.contains("in/pipe.jpg: is a FIFO (named pipe), not a regular file"), "\(named.stderr)")
        #expect(named.stderr.contains("/dev/zero: is a character device, not a regular file"), "\(named.stderr)")
        let validate = try CLI.run(["validate", "in/pipe.jpg"], in: folder.url)
        #expect(validate.status == 1 && validate.stderr.contains("not a regular file"), "\(validate.stderr)")
    }

    /// A name that is not UTF-8 cannot be spelled as a path here; it was called a broken
    /// symbolic link, which it is not. It is named with the real reason.
    @Test func aFileNameThatIsNotUTF8IsNotCalledABrokenLink() throws {
        let folder = try TemporaryFolder()
        let page = try PNGEncoder(pixelFormat: .bilevel).encode(ByteImage(width: 20, height: 20, repeating: 255))
        try folder.write("pages/good.png", page)
        let raw: [UInt8] = Array(folder.path("pages").path.utf8) + Array("/x".utf8) + [0xFF] + Array("y.png".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
        #expect(fd >= 0)
        page.withUnsafeBytes { _ = Foundation.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let result = try CLI.run(["validate", "pages", "--json"], in: folder.url)
        #expect(result.status == 1)
        #expect(!result.stderr.contains("broken symbolic link"), "\(result.stderr)")
        #expect(result.stderr.contains("y.png: its name is not valid UTF-8"), "\(result.stderr)")
    }

    /// A preset file that is a FIFO or a device is refused by its type, not called
    /// "permission denied" (which sent people to chmod a file that was readable).
    @Test func aPresetFileThatIsAFIFOOrADeviceIsNamedByItsType() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("pipe.json").path, 0o644) == 0)
        let fifo = try CLI.run(["validate", "page.png", "--preset", "pipe.json"], in: folder.url)
        #expect(fifo.status == 2)
        #expect(fifo.stderr.contains("--preset pipe.json: cannot read preset file: is a FIFO (named pipe), not a regular file"),
                "\(fifo.stderr)")
        let device = try CLI.run(["validate", "page.png", "--preset", "/dev/null"], in: folder.url)
        #expect(device.stderr.contains("--preset /dev/null: cannot read preset file: is a character device, not a regular file"),
                "\(device.stderr)")
    }

    @Test func anInputFolderThatIsTheOutputFolderIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "nest/apple.jpg")
        let result = try CLI.run(["convert", "nest", "-o", "nest"], in: folder.url)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("nest: is the output folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("no photos found"))
    }
}

@Suite struct DamagedDataCLITests {
    /// A JPEG whose last few percent are missing still converts (most of the picture is
    /// there), but the gray the decoder filled in shows on the page: said on stderr.
    @Test func aJPEGWithLostDataConvertsWithAWarningOnStderr() throws {
        let folder = try TemporaryFolder()
        let apple = try [UInt8](Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("SampleImages/apple.jpg")))
        try folder.write("in/cut.jpg", Array(apple.prefix(apple.count * 97 / 100)) + [0xFF, 0xD9])
        try folder.write("in/third.jpg", Array(apple.prefix(apple.count / 3)) + [0xFF, 0xD9])
        let result = try CLI.run(["convert", "in", "-o", "out"], in: folder.url)
        #expect(result.status == 1, "third.jpg fails: \(result.stderr)")
        #expect(result.stderr.contains("in/third.jpg: truncated file"), "\(result.stderr)")
        #expect(result.stderr.contains("in/cut.jpg: Corrupt JPEG data: premature end of data segment"), "\(result.stderr)")
        let report = try readJSONObject(folder.path("out/cut.json"))
        #expect((report["warnings"] as? [String])?.contains("Corrupt JPEG data: premature end of data segment") == true)
        // --quiet silences progress, not damage.
        let quiet = try CLI.run(["convert", "in/cut.jpg", "-o", "out2", "-q"], in: folder.url)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stderr == "lineart: warning: in/cut.jpg: Corrupt JPEG data: premature end of data segment\n", "\(quiet.stderr)")
    }
}

@Suite struct ControlCharacterNamesCLITests {
    /// A newline or an escape sequence in a file name is spelled out on stderr, so it can
    /// neither split a progress line nor drive the terminal; the report keeps the real name.
    @Test func controlCharactersInNamesAreSpelledOutOnStderr() throws {
        let folder = try TemporaryFolder()
        try folder.copySample("apple.jpg", to: "in/new\nline.jpg")
        try folder.write("in/bad\u{1B}[31m.jpg", Array("not a photo".utf8))
        let result = try CLI.run(["convert", "in", "-o", "out"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("in/new\\nline.jpg: score"), "\(result.stderr)")
        #expect(result.stderr.contains("in/bad\\e[31m.jpg: not an image"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        let report = try readJSONObject(folder.path("out/new\nline.json"))
        #expect(report["input"] as? String == "in/new\nline.jpg")
    }
}
