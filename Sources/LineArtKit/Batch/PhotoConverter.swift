import Foundation

/// What to do when a photo's page or report already exists.
public enum ExistingOutputPolicy: Sendable {
    /// Report the photo as failed (no silent overwrite).
    case fail
    /// Leave it, count it as skipped: resumes an interrupted batch.
    case skip
    /// Replace the outputs.
    case overwrite
}

/// How converting one photo ended.
public enum ConversionOutcome: Sendable {
    case converted(ImageReport)
    case skipped
    case failed(String)
}

/// Converts one photo file into a page (`.png`) and its report (`.json`):
/// decode (shrink-on-load to the preset's size, EXIF orientation) → pipeline →
/// 1-bit PNG → report. Both files are written atomically, page first.
public struct PhotoConverter: Sendable {
    public let preset: LineArtPreset
    /// The pipeline; set `pipeline.threads` to let one photo use several cores.
    public var pipeline: LineArtPipeline
    public var maxPixels: Int

    /// - Precondition: the preset's settings are valid (checked by ``LineArtPipeline/init(preset:)``).
    public init(preset: LineArtPreset, maxPixels: Int = 100_000_000) throws(SettingsError) {
        self.preset = preset
        pipeline = try LineArtPipeline(preset: preset)
        self.maxPixels = maxPixels
    }

    /// Converts `input`, never throwing: every problem becomes `.failed(reason)`.
    public func convert(_ input: BatchInput, pagePath: String, reportPath: String,
                        existing: ExistingOutputPolicy) -> ConversionOutcome {
        let fileManager = FileManager.default
        let pageExists = fileManager.fileExists(atPath: pagePath)
        let reportExists = fileManager.fileExists(atPath: reportPath)
        switch existing {
        case .skip where pageExists && reportExists:
            return .skipped
        case .fail where pageExists || reportExists:
            let name = pageExists ? pagePath : reportPath
            return .failed("\(name) already exists (use --overwrite to replace it or --skip-existing to keep it)")
        default:
            break
        }
        do {
            let (report, page) = try render(input, pagePath: pagePath)
            let encoded = try encodeReportJSON(report)
            try writeAtomically(page, to: URL(fileURLWithPath: pagePath), createParentDirectories: true)
            try writeAtomically([UInt8](encoded), to: URL(fileURLWithPath: reportPath), createParentDirectories: true)
            return .converted(report)
        } catch let error as CodecError {
            return .failed(error.description)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Decodes and converts; returns the report and the encoded page (not yet written).
    public func render(_ input: BatchInput, pagePath: String) throws(CodecError) -> (ImageReport, [UInt8]) {
        var decodeTime = 0.0
        let options = DecodeOptions(targetMaxDimension: preset.settings.maxDimension, maxPixels: maxPixels)
        let decoded = try timed(&decodeTime) { () throws(CodecError) -> DecodedImage in
            try decodeImage(atPath: input.path, options: options)
        }
        let result = pipeline.run(decoded.image)
        var timings = result.timings
        timings.decode = decodeTime
        let png = try timed(&timings.encode) { () throws(CodecError) -> [UInt8] in
            try PNGEncoder(pixelFormat: .bilevel).encode(result.lineArt)
        }
        let report = ImageReport(
            input: input.path, page: pagePath, format: decoded.format.rawValue,
            originalSize: decoded.originalSize, processedSize: result.lineArt.size,
            orientation: decoded.orientation.rawValue, preset: preset.name, settings: preset.settings,
            fillability: result.fillability, timingsMs: timings, warnings: decoded.warnings)
        return (report, png)
    }
}
