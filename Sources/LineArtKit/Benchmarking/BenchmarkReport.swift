import FoundationEssentials

/// What `lineart bench` measured: per photo and in total, per stage, in milliseconds.
/// `lineart bench --json` prints it (key-sorted, stable field names).
public struct BenchmarkReport: Sendable, Codable {
    public static let currentSchemaVersion = 2

    public struct ImageResult: Sendable, Codable {
        public var input: String
        public var preset: String
        /// Size stored in the file.
        public var originalSize: ImageSize
        /// Working size (the page's size).
        public var processedSize: ImageSize
        public var stagesMs: StageStatistics
    }

    public struct Throughput: Sendable, Codable {
        /// Photos per second over the median pass.
        public var imagesPerSecond: Double
        /// Megapixels of the photos as stored, per second, over the median pass.
        public var megapixelsPerSecond: Double
    }

    /// A photo left out of the timing because its first conversion failed.
    public struct LeftOut: Sendable, Codable {
        public var input: String
        public var reason: String
    }

    public var schemaVersion = BenchmarkReport.currentSchemaVersion
    public var repetitions: Int
    public var warmup: Int
    /// Threads per photo for the row-parallel steps.
    public var threads: Int
    public var images: [ImageResult]
    /// Per pass (all photos once), the sum of each stage; `total` is the pass's wall time.
    public var totalMs: StageStatistics
    public var throughput: Throughput
    /// Peak resident memory of the process (getrusage ru_maxrss), bytes.
    public var peakMemoryBytes: Int
    /// Photos that could not be converted (not an image, truncated, ...): named here and
    /// not timed, so one bad file does not stop the timing of the others.
    public var leftOut: [LeftOut] = []

    /// A fixed-width table: one block per photo, then the totals.
    public var table: String {
        func ms(_ v: Double) -> String { String(cFormat: "%9.1f", v) }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        var lines: [String] = []
        let header = pad("stage", 12) + "   median       p90       min       max  (ms)"
        func block(_ title: String, _ stats: StageStatistics) {
            lines.append(title)
            lines.append("  " + header)
            for row in stats.rows {
                let s = row.statistics
                lines.append("  " + pad(row.name, 12) + ms(s.median) + " " + ms(s.p90) + " " + ms(s.min) + " " + ms(s.max))
            }
        }
        for image in images where images.count > 1 {
            let mp = Double(image.originalSize.pixelCount) / 1e6
            block("\(image.input) [\(image.preset)] \(image.originalSize) (\(String(cFormat: "%.1f", mp)) MP) -> \(image.processedSize)",
                  image.stagesMs)
        }
        let title = images.count == 1 ? "\(images[0].input) [\(images[0].preset)] \(images[0].originalSize) -> \(images[0].processedSize)" : "all \(images.count) photos"
        block(title + ", per pass (\(repetitions) passes after \(warmup) warm-up, \(threads) thread\(threads == 1 ? "" : "s") per photo)", totalMs)
        lines.append(String(cFormat: "throughput: %.2f images/s, %.1f megapixels/s; peak memory %.1f MB",
                            throughput.imagesPerSecond, throughput.megapixelsPerSecond,
                            Double(peakMemoryBytes) / 1_048_576))
        return lines.joined(separator: "\n") + "\n"
    }
}
