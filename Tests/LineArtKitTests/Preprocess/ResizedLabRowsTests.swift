import Testing
@testable import LineArtKit

/// The first preprocessing steps streamed row by row in bands (``resizedLabFront(_:size:radius:threads:)``)
/// give exactly the whole-image steps: area resize, sRGB to Lab, one Kuwahara pass.
@Suite struct ResizedLabRowsTests {
    static func photo(width: Int, height: Int, channels: Int, seed: Int) -> ByteImage {
        let noise = Fixtures.noise(count: width * height * channels)
        let samples = (0..<(width * height * channels)).map { i -> UInt8 in
            let x = (i / channels) % width, y = (i / channels) / width
            let ramp = (x * 255 / width + y * (i % channels + 1) * 70 / height + seed * 31) % 256
            return UInt8(min(255, max(0, ramp + Int(noise[i] % 40) - 20)))
        }
        return ByteImage(width: width, height: height, channels: channels, samples: samples)
    }

    static func bits(_ image: FloatImage) -> [UInt32] { image.samples.map(\.bitPattern) }

    @Test(arguments: [(523, 317, 3, 160), (300, 701, 1, 256), (97, 61, 3, 40), (640, 480, 3, 639)])
    func bandsGiveTheWholeImageSteps(width: Int, height: Int, channels: Int, maxDimension: Int) {
        let photo = Self.photo(width: width, height: height, channels: channels, seed: width)
        let size = fittedSize(photo.size, maxDimension: maxDimension)
        let resized = resizeToFitAsFloat(photo, maxDimension: maxDimension)
        let lab = LabColor.labFromSRGB(resized)
        for radius in [0, 2, 3] {
            let expected = kuwaharaFilter(lab, radius: radius)
            for threads in [1, 2, 3] {
                let front = resizedLabFront(photo, size: size, radius: radius, threads: threads)
                let sameLab = Self.bits(front.lab) == Self.bits(expected)  // (not expanded: long)
                let sameLightness = Self.bits(front.lightness) == Self.bits(lab.channel(0))
                #expect(front.lab.size == size)
                #expect(sameLab, "radius \(radius), \(threads) threads: Lab differs")
                #expect(sameLightness, "radius \(radius), \(threads) threads: L* differs")
            }
        }
    }

    @Test func rowsStartAnywhere() {
        // Rows made from row 37 on equal the same rows made from the top.
        let photo = Self.photo(width: 211, height: 157, channels: 3, seed: 5)
        let size = ImageSize(width: 100, height: 74)
        let fromTop = ResizedLabRows(input: photo.size, output: size, channels: 3)
        let fromMiddle = ResizedLabRows(input: photo.size, output: size, channels: 3, firstRow: 37)
        photo.samples.withUnsafeBufferPointer { px in
            for y in 0..<size.height {
                #expect(fromTop.makeRow(y, from: px.baseAddress!) { _, _ in photo.height })
                guard y >= 37 else { continue }
                #expect(fromMiddle.makeRow(y, from: px.baseAddress!) { _, _ in photo.height })
                let same = (0..<(size.width * 3)).allSatisfy { fromTop.lab[$0].bitPattern == fromMiddle.lab[$0].bitPattern }
                #expect(same, "row \(y)")
            }
        }
        // Input that ends before a row's rows are there: the row is not made.
        let short = ResizedLabRows(input: photo.size, output: size, channels: 3)
        photo.samples.withUnsafeBufferPointer { px in
            #expect(!short.makeRow(0, from: px.baseAddress!) { _, _ in nil })
        }
    }
}
