import Foundation
import Testing
import LineArtKit

/// Not a unit test: runs preprocess + the edge engine over PPM/PGM files in
/// `$LINEART_SAMPLES_DIR` (convert photos with ImageMagick first), prints per-stage timings and
/// writes `<name>.edges.pgm` to `$LINEART_OUT_DIR` (default: the same folder) for viewing.
/// `$LINEART_MAXDIM` sets the working size (default 768). Skipped unless the variable is set.
/// Timings are meaningful only in release: `swift test -c release -Xswiftc -enable-testing --filter SamplePhotoHarness`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LINEART_SAMPLES_DIR"] != nil))
struct SamplePhotoHarness {
    @Test func runOnSamplePhotos() throws {
        let env = ProcessInfo.processInfo.environment
        let dir = URL(fileURLWithPath: env["LINEART_SAMPLES_DIR"]!)
        let outDir = URL(fileURLWithPath: env["LINEART_OUT_DIR"] ?? dir.path)
        let maxDim = Int(env["LINEART_MAXDIM"] ?? "") ?? 768
        let contrast = Float(env["LINEART_CONTRAST"] ?? "") ?? 1.5
        let denoise = Int(env["LINEART_DENOISE"] ?? "") ?? PreprocessOptions().denoiseRadius
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { ($0.hasSuffix(".ppm") || $0.hasSuffix(".pgm")) && !$0.contains(".e") }.sorted()
        func ms(_ t0: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6 }
        for file in files {
            let image = try PNM.read(dir.appendingPathComponent(file))
            let options = PreprocessOptions(maxDimension: maxDim, denoiseRadius: denoise)
            var parameters = ExtractionParameters(contrastAdjustment: contrast)
            if let v = Float(env["LINEART_ALPHA"] ?? "") { parameters.surroundStrength = v }
            if let v = Float(env["LINEART_SSIGMA"] ?? "") { parameters.surroundSigma = v }
            if let v = Float(env["LINEART_GSIGMA"] ?? "") { parameters.gradientSigma = v }
            if let v = Int(env["LINEART_MINLEN"] ?? "") { parameters.minimumChainLength = v }
            let tag = env["LINEART_TAG"] ?? "edges"
            var best = [String: Double]()
            var ink = ByteImage(width: 1, height: 1, repeating: 255)
            func time<T>(_ key: String, _ body: () -> T) -> T {
                let t = DispatchTime.now().uptimeNanoseconds
                let r = body()
                best[key] = min(best[key] ?? .infinity, ms(t))
                return r
            }
            for _ in 0..<5 {
                let resized = time("resize") { resizeToFitAsFloat(image, maxDimension: maxDim) }
                let lab = time("lab") { LabColor.labFromSRGB(resized) }
                _ = time("kuwahara") { kuwaharaFilter(lab, radius: denoise) }
                let p = time("preprocess") { preprocess(image, options: options) }
                let smooth = time("blur") { gaussianBlur(p.lab, sigma: parameters.gradientSigma) }
                let g = time("gradient") { ColorGradient(smooth, channelWeights: [1, 1, 1]) }
                let thin = time("nms") { nonMaximumSuppression(g) }
                let inh = time("inhibit") { surroundInhibited(thin, surroundOf: g.magnitudeImage, sigma: parameters.surroundSigma, strength: parameters.surroundStrength) }
                let th = time("thresholds") { HysteresisThresholds.derived(from: inh, contrastAdjustment: contrast) }
                let e = time("hysteresis") { hysteresis(inh, thresholds: th) }
                _ = time("chains") { removeShortChains(e, minimumLength: parameters.minimumChainLength, minimumExtent: parameters.minimumChainExtent) }
                ink = time("extract") { EdgeEngine().extract(p, parameters: parameters) }
                _ = time("total") { EdgeEngine().extract(preprocess(image, options: options), parameters: parameters) }
            }
            let keys = ["resize", "lab", "kuwahara", "preprocess", "blur", "gradient", "nms", "inhibit", "thresholds", "hysteresis", "chains", "extract", "total"]
            print("\(file) \(image.width)x\(image.height)→\(ink.width)x\(ink.height) " +
                  keys.map { String(format: "%@ %.1f", $0, best[$0]!) }.joined(separator: "  ") + " ms")
            let inkFraction = Double(ink.samples.filter { $0 == 0 }.count) / Double(ink.pixelCount)
            print(String(format: "  ink %.2f%%", inkFraction * 100))
            let name = (file as NSString).deletingPathExtension
            try PNM.write(ink, to: outDir.appendingPathComponent("\(name).\(tag).pgm"))
        }
    }
}
