import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct UpscaleTests {
    @Test func workingSizeScalesTheLongSideToMaxDimension() {
        #expect(workingSize(ImageSize(width: 400, height: 300), maxDimension: 800) == ImageSize(width: 800, height: 600))
        #expect(workingSize(ImageSize(width: 300, height: 451), maxDimension: 512) == ImageSize(width: 341, height: 512))
        #expect(workingSize(ImageSize(width: 1600, height: 1200), maxDimension: 800) == ImageSize(width: 800, height: 600))
        #expect(workingSize(ImageSize(width: 800, height: 10), maxDimension: 800) == ImageSize(width: 800, height: 10))
        #expect(workingSize(ImageSize(width: 1, height: 1), maxDimension: 256) == ImageSize(width: 256, height: 256))
    }

    @Test func bilinearUpscaleKeepsConstantsAndInterpolatesARamp() {
        let flat = ByteImage(width: 5, height: 3, channels: 3, repeating: 77)
        let big = bilinearUpscaleToFloat(flat, to: ImageSize(width: 13, height: 8))
        #expect(big.size == ImageSize(width: 13, height: 8))
        #expect(big.samples.allSatisfy { $0 == 77 })

        // 0, 100 doubled: centres at 0.25 and 0.75 of each input pixel.
        let ramp = ByteImage(width: 2, height: 1, samples: [0, 100])
        let twice = bilinearUpscaleToFloat(ramp, to: ImageSize(width: 4, height: 1))
        #expect(twice.samples == [0, 25, 75, 100])
    }

    @Test func floatUpscaleMatchesTheByteUpscale() {
        let bytes = ByteImage(width: 3, height: 2, channels: 2, samples: [0, 10, 200, 30, 90, 255, 7, 120, 60, 45, 250, 1])
        let floats = FloatImage(width: 3, height: 2, channels: 2, samples: bytes.samples.map(Float.init))
        let size = ImageSize(width: 7, height: 5)
        #expect(bilinearUpscale(floats, to: size).samples == bilinearUpscaleToFloat(bytes, to: size).samples)
    }

    @Test func preprocessEnlargesOnlyWhenAsked() {
        let photo = ByteImage(width: 100, height: 50, channels: 3, repeating: 128)
        #expect(preprocess(photo, options: PreprocessOptions(maxDimension: 300)).size == ImageSize(width: 100, height: 50))
        let enlarged = preprocess(photo, options: PreprocessOptions(maxDimension: 300, enlargeSmallPhotos: true))
        #expect(enlarged.size == ImageSize(width: 300, height: 150))
        #expect(enlarged.originalSize == ImageSize(width: 100, height: 50))
    }
}
