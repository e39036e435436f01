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
        let denoise = Int(env["LINEART_DENOISE"] ?? "") ?? 2
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
            var best = [Double](repeating: .infinity, count: 8)
            var ink = ByteImage(width: 1, height: 1, repeating: 255)
            for _ in 0..<5 {
                var t = DispatchTime.now().uptimeNanoseconds
                let total = t
                let resized = resizeToFitAsFloat(image, maxDimension: maxDim); best[0] = min(best[0], ms(t)); t = DispatchTime.now().uptimeNanoseconds
                let lab = LabColor.labFromSRGB(resized); best[1] = min(best[1], ms(t)); t = DispatchTime.now().uptimeNanoseconds
                let den = kuwaharaFilter(lab, radius: denoise); best[2] = min(best[2], ms(t)); _ = den
                t = DispatchTime.now().uptimeNanoseconds
                let p = preprocess(image, options: options); best[3] = min(best[3], ms(t)); t = DispatchTime.now().uptimeNanoseconds
                let g = ColorGradient(p.lab, channelWeights: [1, 1, 1]); best[4] = min(best[4], ms(t)); t = DispatchTime.now().uptimeNanoseconds
                _ = nonMaximumSuppression(g); best[5] = min(best[5], ms(t)); t = DispatchTime.now().uptimeNanoseconds
                ink = EdgeEngine().extract(p, parameters: parameters); best[6] = min(best[6], ms(t))
                best[7] = min(best[7], ms(total))
            }
            let inkFraction = Double(ink.samples.filter { $0 == 0 }.count) / Double(ink.pixelCount)
            print(String(format: "%@ %dx%d→%dx%d  resize %.1f  lab %.1f  kuwahara %.1f | preprocess %.1f  gradient %.1f  nms %.1f  extract %.1f ms | ink %.2f%%",
                         file, image.width, image.height, ink.width, ink.height,
                         best[0], best[1], best[2], best[3], best[4], best[5], best[6], inkFraction * 100))
            let name = (file as NSString).deletingPathExtension
            try PNM.write(ink, to: outDir.appendingPathComponent("\(name).\(tag).pgm"))
        }
    }
}
