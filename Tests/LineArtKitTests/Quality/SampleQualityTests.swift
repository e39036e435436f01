import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// Quality regression over `SampleImages/`: every photo through the pipeline with its
/// manifest preset. The thresholds are what the pipeline achieves today (see the notes in
/// docs/quality.md); a change that makes pages worse fails here.
@Suite struct SampleQualityTests {
    struct Outcome: Sendable {
        var file: String
        var result: FillabilityResult
        var faces: [FaceBox]
        var lineSource: LineSource
        /// How much of the page's line lies on a colour edge of the photo (``LineSupport``).
        var lineSupport: Double
    }

    static func convertSamples() throws -> [Outcome] {
        let folder = repositoryRoot.appendingPathComponent("SampleImages")
        let manifest = try SampleManifest.load(path: folder.appendingPathComponent("manifest.json").path)
        let entries = manifest.images
        let outcomes = runInParallel(count: entries.count, jobs: 2) { index -> Outcome? in
            let entry = entries[index]
            guard let preset = try? BuiltinPresets.named(entry.preset),
                  let pipeline = try? LineArtPipeline(preset: preset),
                  let decoded = try? decodeImage(atPath: folder.appendingPathComponent(entry.file).path,
                                                 options: DecodeOptions(targetMaxDimension: preset.settings.maxDimension))
            else { return nil }
            let result = pipeline.run(decoded.image)
            // A page framed on the subject is measured against the part of the photo it shows.
            let shown = result.frame.map { decoded.image.cropped(to: $0) } ?? decoded.image
            return Outcome(file: entry.file, result: result.fillability, faces: result.faces, lineSource: result.lineSource,
                           lineSupport: LineSupport(page: result.lineArt, photo: shown).share)
        }
        return outcomes.compactMap { $0 ?? nil }
    }

    @Test func samplePagesKeepTheirFillability() throws {
        let outcomes = try Self.convertSamples()
        #expect(outcomes.count == 14, "every sample converts")
        let passing = outcomes.filter(\.result.passes).count
        let mean = outcomes.map(\.result.score).reduce(0, +) / Double(max(1, outcomes.count))
        let table = outcomes.map { "\($0.file): \($0.result.passes ? "pass" : "fail") \(String(format: "%.3f", $0.result.score))" }
        // 2 since the scales' strengths are combined by a power mean near the weakest: the
        // building's page closes 70% of its regions. (1 when pages of one subject were first
        // framed on it: the astronaut's head-and-shoulders page leaks through the backdrop.)
        #expect(passing >= 2, "pages passing all four targets: \(passing)\n\(table.joined(separator: "\n"))")
        // 0.80 since a small subject's cells join each other before the background (the
        // ladybird, small closed shapes on most pages): 0.809, from 0.797; 0.802 since the
        // coffee cup's page shows the whole photo (its frame covered 70% of it); 0.81 since a
        // page with few shapes keeps borders down to 0.6 of the threshold (the cat 0.56 -> 0.73);
        // 0.825 since borders are weighed by their regions (0.814 -> 0.830); 0.815 since the
        // regions' colours are compared as histograms, which keeps fewer cells in mottled areas
        // (0.830 -> 0.821: the yellow flower 49 -> 41 regions, the astronaut 71 -> 63); 0.81
        // since toddler pages are found at 512 px (0.817 -> 0.810: the apple without the line
        // through its highlight has 4 regions, not 5).
        #expect(mean >= 0.81, "mean score \(mean)\n\(table.joined(separator: "\n"))")
        // 0.5 since the one-sided surround: the apple's three regions all reach the page's
        // edge now (its outline runs into the shadow line along the bottom; 0.52, from 0.60).
        // Tap 0.45 since toddler pages are drawn at 512 px: the fish's dorsal fin is its rays
        // and the small cells between them, too small to tap, rather than one black blot.
        for outcome in outcomes {
            #expect(outcome.result.score >= 0.5, "\(outcome.file) score \(outcome.result.score)")
            #expect(outcome.result.tapUsability >= 0.45, "\(outcome.file) tap \(outcome.result.tapUsability)")
        }

        // Ink stays printable: today 10 of 14 pages are in the 3-15% band; the bold toddler
        // pages carry more, the cat's page (its eyes, nose and one stripe) 1.8%, the camera's
        // 2.9%, and the painting's 16% (74 regions: more of its brush strokes are lines since
        // the guided filter replaced the Kuwahara filter; 15.0% and 65 regions before).
        let inBand = outcomes.filter { (0.03...0.15).contains($0.result.inkFraction) }
        #expect(inBand.count >= 10, "pages with 3-15% ink: \(inBand.map(\.file))")
        for outcome in outcomes {
            #expect(outcome.result.inkFraction <= 0.30, "\(outcome.file) ink \(outcome.result.inkFraction)")
        }

        // The cartoon fish is drawn with dark outlines, and its page is those outlines: head,
        // body, eye, fins and tail are regions (10 with the backdrop), the backdrop and the
        // tail's two halves (the tail reaches the picture's edge) are the only regions on the
        // page edge. Every photo goes through the regions engine.
        let fish = try #require(outcomes.first { $0.file == "HappyFish.jpg" })
        #expect(outcomes.filter { $0.lineSource == .drawing }.map(\.file) == ["HappyFish.jpg"])
        #expect(fish.result.regionCount >= 10, "the drawing's shapes: \(fish.result.regionCount)")
        #expect(fish.result.regionCount - fish.result.closedRegionCount <= 3,
                "regions on the page edge: \(fish.result.regionCount - fish.result.closedRegionCount) of \(fish.result.regionCount)")

        // Lines follow the photo: the mean share of each page's line within 2 px of a colour
        // edge of at least 4 ΔE*ab per pixel (``LineSupport``, as docs/line-support.py), and
        // every page's, measured against the part of the photo the page shows. The boundaries
        // issue asks for 0.80 mean and 0.65 on every page; 0.692 mean when the regions engine
        // merged to a region count and cut flat areas into cells to reach it, 0.892 today: 0.907
        // before the toddler apple, decoded at 512 px for the subject finder rather than shrunk
        // on load to 256, drew the soft border of its shaded side (a border at the threshold).
        let support = outcomes.map(\.lineSupport).reduce(0, +) / Double(max(1, outcomes.count))
        let supportTable = outcomes.map { "\($0.file): \(String(format: "%.3f", $0.lineSupport))" }
        #expect(support >= 0.89, "mean line support \(support)\n\(supportTable.joined(separator: "\n"))")
        for outcome in outcomes {
            #expect(outcome.lineSupport >= 0.65, "\(outcome.file) line support \(outcome.lineSupport)")
        }

        // One frontal face among the samples (the astronaut's); no texture is taken for one.
        let withFaces = outcomes.filter { !$0.faces.isEmpty }
        #expect(withFaces.map(\.file) == ["astronaut.png"] && withFaces.first?.faces.count == 1,
                "faces: \(withFaces.map { "\($0.file): \($0.faces)" })")
    }
}
