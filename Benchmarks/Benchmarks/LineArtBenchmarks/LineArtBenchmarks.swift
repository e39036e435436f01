import Benchmark
import Foundation
import LineArtKit

// Every stage of converting the 20 MP sample photo with the portrait preset, the whole
// conversion, and the baseline it is judged against: `djpeg -scale 1/4` on the same file
// (spawned, as a user would run it) and the libjpeg 1/4-scale decode alone (in process).
// Ratios between benchmarks of one run are what matter; absolute times drift with load.

let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let photoPath = repositoryRoot.appendingPathComponent("SampleImages/Kleiber_by_Lukas_Baubkus.jpg").path

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 25
    )

    let preset = try! BuiltinPresets.named("portrait")
    let pipeline = try! LineArtPipeline(preset: preset)
    let converter = try! PhotoConverter(preset: preset)
    let decodeOptions = DecodeOptions(targetMaxDimension: preset.settings.maxDimension)
    let fileBytes = [UInt8](FileManager.default.contents(atPath: photoPath)!)
    let photo = try! decodeImage(fileBytes, options: decodeOptions).image
    let prepared = pipeline.preprocess(photo)
    let lines = pipeline.extract(prepared)
    let page = pipeline.postprocess(lines)
    let photoInput = InputDiscovery().discover([photoPath]).inputs[0]
    var twoThreads = pipeline
    twoThreads.threads = 2

    Benchmark("baseline: djpeg -scale 1/4 (spawned)") { benchmark in
        for _ in benchmark.scaledIterations {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/djpeg")
            process.arguments = ["-scale", "1/4", "-outfile", "/dev/null", photoPath]
            try process.run()
            process.waitUntilExit()
        }
    }
    Benchmark("baseline: libjpeg decode at 1/4 scale (in process)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try decodeImage(atPath: photoPath, options: DecodeOptions(targetMaxDimension: 1507)))
        }
    }
    Benchmark("decode (shrink-on-load for 768 px)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try decodeImage(atPath: photoPath, options: decodeOptions)) }
    }
    Benchmark("preprocess") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pipeline.preprocess(photo)) }
    }
    Benchmark("preprocess: area resize") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(resizeToFitAsFloat(photo, maxDimension: 768)) }
    }
    let resized = resizeToFitAsFloat(photo, maxDimension: 768)
    Benchmark("preprocess: sRGB to Lab") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(LabColor.labFromSRGB(resized)) }
    }
    let lab = LabColor.labFromSRGB(resized)
    Benchmark("preprocess: Kuwahara r=2") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(kuwaharaFilter(lab, radius: 2)) }
    }
    Benchmark("extract") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pipeline.extract(prepared)) }
    }
    Benchmark("extract: face detection") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pipeline.detectFaces(prepared)) }
    }
    Benchmark("postprocess") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pipeline.postprocess(lines)) }
    }
    Benchmark("validate") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(pipeline.validator.analyze(page, suggestionContext: SuggestionContext(preset)))
        }
    }
    Benchmark("encode PNG") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try PNGEncoder(pixelFormat: .bilevel).encode(page)) }
    }
    Benchmark("after decode: pipeline + PNG") { benchmark in
        for _ in benchmark.scaledIterations {
            let result = pipeline.run(photo)
            let png = try PNGEncoder(pixelFormat: .bilevel).encode(result.lineArt)
            blackHole(png)
            blackHole(result.fillability)
        }
    }
    Benchmark("after decode: pipeline + PNG, 2 threads per photo") { benchmark in
        for _ in benchmark.scaledIterations {
            let result = twoThreads.run(photo)
            blackHole(try PNGEncoder(pixelFormat: .bilevel).encode(result.lineArt))
        }
    }
    Benchmark("end to end: file to PNG + JSON report") { benchmark in
        for _ in benchmark.scaledIterations {
            let (report, png) = try converter.render(photoInput, pagePath: "k.png")
            blackHole(png)
            blackHole(try encodeReportJSON(report))
        }
    }
    morphologyBenchmarks()
}
