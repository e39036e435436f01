import Foundation

/// Runs the `lineart` binary that `swift build` put next to the test bundle.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as bytes (a page written with `-o -`).
        var stdoutBytes = Data()
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let binary: URL = {
        // The release build when it is newer than every source (`swift build -c release` ran
        // after the last edit, as in CI): the tool users run, and the photos convert several
        // times faster than in the debug build. Otherwise the debug build beside the tests.
        let release = repositoryRoot.appendingPathComponent(".build/release/lineart")
        if let built = modified(release), let sources = newestSource(), built > sources { return release }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [beside, beside.deletingLastPathComponent(), repositoryRoot.appendingPathComponent(".build/debug")] {
            let candidate = folder.appendingPathComponent("lineart")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/lineart")
    }()

    private static func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// The latest modification of the package manifest, the presets and any file under Sources/.
    private static func newestSource() -> Date? {
        var newest = modified(repositoryRoot.appendingPathComponent("Package.swift"))
        for folder in ["Sources", "Presets"] {
            let root = repositoryRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { return nil }
            for case let path as String in walk {
                guard let date = modified(root.appendingPathComponent(path)) else { continue }
                newest = max(newest ?? date, date)
            }
        }
        return newest
    }

    /// Runs `lineart args...` to completion.
    /// - Parameter environment: variables set for this run, over the test's own.
    /// - Parameter standardInput: bytes to feed on standard input (default: none, /dev/null).
    static func run(_ args: [String], in folder: URL? = nil, environment: [String: String] = [:],
                    standardInput: Data? = nil) throws -> Result {
        let process = try start(args, in: folder, environment: environment, standardInput: standardInput)
        return process.finish()
    }

    /// Whether ``run(_:in:environment:unprivileged:)`` can run the tool as a user without
    /// root's right to write anywhere: it is one already, or root can drop to `nobody`.
    static let canRunUnprivileged = getuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
    private static let setpriv = "/usr/bin/setpriv"

    /// Runs `lineart args...` to completion.
    /// - Parameters:
    ///   - environment: variables set for this run, over the test's own.
    ///   - unprivileged: under root, run as `nobody` (util-linux `setpriv`), so that file
    ///     permissions apply as they do to a user; the files it reads must be world-readable.
    static func run(_ args: [String], in folder: URL? = nil, environment: [String: String] = [:],
                    unprivileged: Bool) throws -> Result {
        guard unprivileged, getuid() == 0 else { return try run(args, in: folder, environment: environment) }
        return try start(args, in: folder, environment: environment,
                         launcher: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]).finish()
    }

    /// Starts `lineart args...` (behind `launcher`, a command and its arguments, when given);
    /// call `finish()` to collect its output.
    /// A run that ends before reading all of its standard input (a usage error) would
    /// otherwise kill the whole test process with SIGPIPE as the input is written; ignored,
    /// the write fails instead, and the test sees the run's own result (as lineart does).
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static func start(_ args: [String], in folder: URL? = nil, environment: [String: String] = [:],
                      standardInput: Data? = nil, launcher: [String] = []) throws -> Running {
        let process = Process()
        process.executableURL = launcher.first.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = launcher.isEmpty ? args : Array(launcher.dropFirst()) + [binary.path] + args
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = standardInput == nil ? FileHandle.nullDevice : input
        try process.run()
        if let standardInput {
            _ = ignoringBrokenPipes
            DispatchQueue.global().async {
                try? input.fileHandleForWriting.write(contentsOf: standardInput)
                try? input.fileHandleForWriting.close()
            }
        }
        return Running(process: process, out: out, err: err)
    }

    final class Running: @unchecked Sendable {
        let process: Process
        private let out: Pipe
        private let err: Pipe
        private var stdoutData = Data()
        /// stderr so far, read as it comes (guarded by `lock`), so a test can wait for a line.
        private var stderrData = Data()
        private let lock = NSLock()
        private let group = DispatchGroup()

        init(process: Process, out: Pipe, err: Pipe) {
            self.process = process
            self.out = out
            self.err = err
            // Drain both pipes while the process runs, so a chatty run never blocks on a full pipe.
            group.enter()
            DispatchQueue.global().async { self.stdoutData = out.fileHandleForReading.readDataToEndOfFile(); self.group.leave() }
            group.enter()
            DispatchQueue.global().async {
                while true {
                    let chunk = err.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    self.lock.lock()
                    self.stderrData.append(chunk)
                    self.lock.unlock()
                }
                self.group.leave()
            }
        }

        func interrupt() { process.interrupt() }

        /// Waits until stderr contains `text` (true), or the process ends or `limit` seconds
        /// pass without it (false): for a test that must signal the run at a known point.
        func waitForStderr(containing text: String, limit: TimeInterval = 300) -> Bool {
            let deadline = Date().addingTimeInterval(limit)
            while Date() < deadline {
                lock.lock()
                let seen = String(decoding: stderrData, as: UTF8.self).contains(text)
                lock.unlock()
                if seen { return true }
                if !process.isRunning { return false }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }

        func finish() -> Result {
            process.waitUntilExit()
            group.wait()
            lock.lock()
            defer { lock.unlock() }
            return Result(status: process.terminationStatus,
                          stdout: String(decoding: stdoutData, as: UTF8.self),
                          stderr: String(decoding: stderrData, as: UTF8.self), stdoutBytes: stdoutData)
        }
    }
}

/// A temporary folder removed when the value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lineart-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let target = path(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
    }

    func copySample(_ name: String, to relative: String) throws {
        let bytes = try Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("SampleImages/\(name)"))
        try write(relative, [UInt8](bytes))
    }

    /// Every file below the folder, as relative paths, hidden ones included.
    func allFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var files: [String] = []
        while let item = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path(item).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(item)
            }
        }
        return files.sorted()
    }
}

/// A PNG file of just a signature and an IHDR chunk claiming `width` x `height` (valid CRC).
func pngHeaderOnly(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    let body: [UInt8] = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + body + be(crc ^ 0xFFFF_FFFF)
}

/// Parses a JSON object file.
func readJSONObject(_ url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw CocoaError(.fileReadCorruptFile)
    }
    return object
}

func parseJSONObject(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        throw CocoaError(.fileReadCorruptFile)
    }
    return object
}
