import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Test func imageSubscriptAddressesInterleavedSamples() {
    var image = ByteImage(width: 3, height: 2, channels: 3, repeating: 0)
    image[2, 1, 1] = 7
    #expect(image.samples[(1 * 3 + 2) * 3 + 1] == 7)
    #expect(image.pixelCount == 6)
}
