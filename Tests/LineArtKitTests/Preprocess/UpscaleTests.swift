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

    /// Each output sample is the two-tap interpolation of its four input samples, whatever
    /// the ratio (input rows read by many output rows, by one, or skipped between two).
    @Test(arguments: [(4, 3, 4, 3), (5, 4, 11, 9), (7, 7, 8, 8), (116, 128, 549, 605), (3, 9, 20, 10)])
    func bilinearUpscaleIsTheTwoTapFormulaAtEverySample(inW: Int, inH: Int, outW: Int, outH: Int) {
        var state: UInt32 = 99
        for channels in [1, 3] {
            let samples = (0..<(inW * inH * channels)).map { _ -> Float in
                state = state &* 1_664_525 &+ 1_013_904_223
                return Float(state >> 8) / Float(1 << 24) * 100
            }
            let image = FloatImage(width: inW, height: inH, channels: channels, samples: samples)
            let big = bilinearUpscale(image, to: ImageSize(width: outW, height: outH))
            func taps(_ j: Int, input: Int, output: Int) -> (Int, Int, Float) {
                let s = min(Double(input - 1), max(0, (Double(j) + 0.5) * Double(input) / Double(output) - 0.5))
                return (Int(s), min(input - 1, Int(s) + 1), Float(s - Double(Int(s))))
            }
            var expected = [Float]()
            for y in 0..<outH {
                let (y0, y1, fy) = taps(y, input: inH, output: outH)
                for x in 0..<outW {
                    let (x0, x1, fx) = taps(x, input: inW, output: outW)
                    for c in 0..<channels {
                        func at(_ x: Int, _ y: Int) -> Float { samples[(y * inW + x) * channels + c] }
                        let top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * fx
                        let bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * fx
                        expected.append(top + (bottom - top) * fy)
                    }
                }
            }
            // The first differing sample, not the whole arrays: a failure stays readable.
            let differing = big.samples.count == expected.count
                ? zip(big.samples, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset : 0
            #expect(differing == nil, "\(inW)x\(inH) -> \(outW)x\(outH), \(channels) channel(s): sample \(differing ?? -1)")
        }
    }

    @Test func preprocessEnlargesOnlyWhenAsked() {
        let photo = ByteImage(width: 100, height: 50, channels: 3, repeating: 128)
        #expect(preprocess(photo, options: PreprocessOptions(maxDimension: 300)).size == ImageSize(width: 100, height: 50))
        let enlarged = preprocess(photo, options: PreprocessOptions(maxDimension: 300, enlargeSmallPhotos: true))
        #expect(enlarged.size == ImageSize(width: 300, height: 150))
        #expect(enlarged.originalSize == ImageSize(width: 100, height: 50))
    }
}
