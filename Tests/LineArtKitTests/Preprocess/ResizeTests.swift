import Testing
import LineArtKit

@Suite struct ResizeTests {
    static let cases: [(Int, Int, Int, Int, Int)] = [
        // (inW, inH, outW, outH, channels) — mostly non-integer ratios
        (7, 5, 3, 2, 1), (10, 10, 3, 7, 3), (101, 67, 37, 29, 3), (640, 480, 333, 250, 1),
        (9, 4, 9, 3, 2), (13, 13, 1, 1, 3),
    ]

    @Test(arguments: cases)
    func constantStaysExactlyConstant(_ c: (Int, Int, Int, Int, Int)) {
        for value: UInt8 in [0, 1, 77, 254, 255] {
            let img = ByteImage(width: c.0, height: c.1, channels: c.4, repeating: value)
            let bytes = areaResize(img, to: ImageSize(width: c.2, height: c.3))
            #expect(bytes.width == c.2 && bytes.height == c.3 && bytes.channels == c.4)
            #expect(bytes.samples.allSatisfy { $0 == value })
            let floats = areaResizeToFloat(img, to: ImageSize(width: c.2, height: c.3))
            #expect(floats.samples.allSatisfy { $0 == Float(value) })
        }
        let f = FloatImage(width: c.0, height: c.1, channels: c.4, repeating: 0.3137)
        let r = areaResize(f, to: ImageSize(width: c.2, height: c.3))
        #expect(r.samples.allSatisfy { $0 == Float(0.3137) })
    }

    @Test func constantThroughResizeToFit() {
        for (w, h, m) in [(1000, 750, 768), (517, 1203, 256), (999, 998, 333)] {
            let img = ByteImage(width: w, height: h, channels: 3, repeating: 123)
            let out = resizeToFit(img, maxDimension: m)
            #expect(max(out.width, out.height) == m)
            #expect(out.samples.allSatisfy { $0 == 123 })
        }
    }

    @Test func fourByFourToTwoByTwoIsBlockMeans() {
        let samples: [Float] = [
            1, 2, 10, 20,
            3, 4, 30, 40,
            5, 6, 7, 8,
            100, 200, 9, 0,
        ]
        let img = FloatImage(width: 4, height: 4, samples: samples)
        let out = areaResize(img, to: ImageSize(width: 2, height: 2))
        #expect(out.samples == [2.5, 25, 77.75, 6])
    }

    @Test func threeToTwoUsesFractionalWeights() {
        // Output 0 covers input [0, 1.5): (a + 0.5 b) / 1.5; output 1 covers [1.5, 3): (0.5 b + c) / 1.5.
        let img = FloatImage(width: 3, height: 1, samples: [0, 30, 90])
        let out = areaResize(img, to: ImageSize(width: 2, height: 1))
        #expect(abs(out.samples[0] - 10) < 1e-5)
        #expect(abs(out.samples[1] - 70) < 1e-5)
        // Same along y, and on bytes (rounded).
        let column = ByteImage(width: 1, height: 3, samples: [0, 30, 90])
        let outColumn = areaResize(column, to: ImageSize(width: 1, height: 2))
        #expect(outColumn.samples == [10, 70])
    }

    @Test func interleavedChannelsStaySeparate() {
        var img = ByteImage(width: 4, height: 2, channels: 3, repeating: 0)
        for y in 0..<2 { for x in 0..<4 { img[x, y, 0] = 200; img[x, y, 1] = UInt8(x * 10); img[x, y, 2] = 7 } }
        let out = areaResizeToFloat(img, to: ImageSize(width: 2, height: 1))
        #expect(out.samples == [200, 5, 7, 200, 25, 7])
    }

    @Test func fittedSizes() {
        #expect(fittedSize(ImageSize(width: 2000, height: 1000), maxDimension: 768) == ImageSize(width: 768, height: 384))
        #expect(fittedSize(ImageSize(width: 600, height: 868), maxDimension: 512) == ImageSize(width: 354, height: 512))
        #expect(fittedSize(ImageSize(width: 6028, height: 3391), maxDimension: 1024) == ImageSize(width: 1024, height: 576))
        #expect(fittedSize(ImageSize(width: 5000, height: 3), maxDimension: 256) == ImageSize(width: 256, height: 1))
        // Never upscale.
        #expect(fittedSize(ImageSize(width: 300, height: 200), maxDimension: 768) == ImageSize(width: 300, height: 200))
        let small = ByteImage(width: 30, height: 20, channels: 3, repeating: 9)
        #expect(resizeToFit(small, maxDimension: 768) == small)
        let f = resizeToFitAsFloat(small, maxDimension: 768)
        #expect(f.size == small.size && f.samples.allSatisfy { $0 == 9 })
    }

    @Test func preservesMeanOfRandomImage() {
        var rng = SplitMix64(seed: 42)
        let w = 97, h = 61
        let img = ByteImage(width: w, height: h, channels: 1,
                            samples: (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &rng) })
        let out = areaResizeToFloat(img, to: ImageSize(width: 30, height: 20))
        // Area averaging preserves the mean exactly (each output pixel has the same total weight).
        let inMean = img.samples.reduce(0.0) { $0 + Double($1) } / Double(w * h)
        let outMean = out.samples.reduce(0.0) { $0 + Double($1) } / Double(out.pixelCount)
        #expect(abs(inMean - outMean) < 1e-3)
    }
}
