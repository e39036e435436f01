import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct SampleImagesTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("SampleImages")

    static var samples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".png") }
            .sorted()
    }

    @Test func samplesArePresent() {
        #expect(Self.samples.count >= 10)
    }

    @Test(arguments: samples)
    func sampleDecodes(name: String) throws {
        let decoded = try decodeImage(at: Self.folder.appendingPathComponent(name))
        #expect(decoded.image.width > 0 && decoded.image.height > 0)
        #expect(decoded.image.channels == 1 || decoded.image.channels == 3)
        #expect(decoded.format == (name.hasSuffix(".png") ? .png : .jpeg))
        let expected = decoded.orientation.swapsDimensions
            ? ImageSize(width: decoded.originalSize.height, height: decoded.originalSize.width) : decoded.originalSize
        #expect(decoded.image.size == expected)
    }

    @Test func twentyMegapixelPhotoIsShrunkOnLoad() throws {
        let url = Self.folder.appendingPathComponent("Kleiber_by_Lukas_Baubkus.jpg")
        let decoded = try decodeImage(at: url, options: DecodeOptions(targetMaxDimension: 768))
        #expect(decoded.originalSize == ImageSize(width: 6028, height: 3391))
        #expect(decoded.scaleNumerator == 2 && decoded.scaleDenominator == 8)
        #expect(max(decoded.image.width, decoded.image.height) == 1507)
        #expect(min(decoded.image.width, decoded.image.height) == 848)
    }
}
