import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct PageOutputsTests {
    @Test func parsesFormats() throws {
        #expect(try PageOutputs.parseFormats(["png,svg", "pdf", "SVG"]) == [.png, .svg, .pdf])
        #expect(throws: PageOutputsError.unknownFormat("eps")) { try PageOutputs.parseFormats(["svg,eps"]) }
        #expect(PageOutputs(formats: []).formats == [.png])
    }

    /// One real photo through the converter with every output: files, report and areas agree.
    @Test func convertsASamplePhotoIntoEveryFormat() throws {
        let photo = Fixtures.repositoryRoot.appendingPathComponent("SampleImages/apple.jpg").path
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lineart-vector-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let converter = try PhotoConverter(preset: try BuiltinPresets.named("object"))
        let paths = ConversionPaths(base: folder.appendingPathComponent("apple").path)
        let outputs = PageOutputs(formats: [.svg, .pdf, .png], page: .a4, dpi: 100, regions: true, keepDrawing: true)
        let conversion = converter.convert(BatchInput(path: photo, relativePath: "apple.jpg"), paths: paths,
                                           outputs: outputs, existing: .update)
        guard case .converted(let report) = conversion.outcome else {
            Issue.record("not converted: \(conversion.outcome)")
            return
        }
        for path in [paths.page(.svg), paths.page(.pdf), paths.page(.png), paths.regionMap, paths.report] {
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        #expect(report.page == paths.page(.svg))
        #expect(report.pages == [paths.page(.svg), paths.page(.pdf), paths.page(.png)])
        let regions = try #require(report.regions)
        #expect(regions.count == report.fillability.regionCount)
        #expect(regions.map(\.id) == Array(1...max(1, regions.count)).prefix(regions.count).map { $0 })

        // The A4 PNG is the page at 100 dpi, landscape or portrait.
        let png = try decodeImage(atPath: paths.page(.png)).image
        #expect([png.width, png.height].sorted() == [827, 1169])
        let pngBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paths.page(.png))))
        #expect(PNGEncoderTests.physPixelsPerMeter(pngBytes)?.0 == 3937)  // 100 dpi
        #expect(PNGEncoderTests.ihdr(pngBytes)?.bitDepth == 1)

        // The traced ink matches the raster ink of the page within 3 %.
        let drawing = try #require(conversion.drawing)
        let page = converter.pipeline.run(try decodeImage(
            atPath: photo, options: DecodeOptions(targetMaxDimension: converter.preset.settings.maxDimension)).image).lineArt
        let ink = Double(page.samples.filter { $0 < 128 }.count)
        #expect(abs(drawing.inkArea() - ink) / ink < 0.03, "\(drawing.inkArea()) vs \(ink)")
        // The traced page, drawn 3x larger, has the same paper regions as the page.
        let big = Rasterizer().render(drawing, transform: .scale(3, translateX: 0, translateY: 0),
                                      width: 3 * page.width, height: 3 * page.height)
        #expect(label(big, connectivity: .four, where: { $0 >= 128 }).count == report.fillability.regionCount)

        // A second run refuses to overwrite; --skip-existing skips.
        let again = converter.convert(BatchInput(path: photo, relativePath: "apple.jpg"), paths: paths,
                                      outputs: outputs, existing: .skip)
        guard case .skipped = again.outcome else { Issue.record("expected skipped"); return }
    }
}
