import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct EXIFOrientationTests {
    /// Where a stored pixel (x, y) of a w x h image lands in the upright image (EXIF definitions).
    static func expectedPosition(_ o: Int, x: Int, y: Int, w: Int, h: Int) -> (Int, Int) {
        switch o {
        case 2: return (w - 1 - x, y)
        case 3: return (w - 1 - x, h - 1 - y)
        case 4: return (x, h - 1 - y)
        case 5: return (y, x)
        case 6: return (h - 1 - y, x)
        case 7: return (h - 1 - y, w - 1 - x)
        case 8: return (y, w - 1 - x)
        default: return (x, y)
        }
    }

    @Test(arguments: 1...8, [true, false])
    func jpegIsTurnedUpright(orientation: Int, bigEndian: Bool) throws {
        // 64x32 gray picture, red block top-left, green block top-right (stored orientation).
        let w = 64, h = 32
        var pixels = [UInt8](repeating: 128, count: w * h * 3)
        for y in 0..<16 {
            for x in 0..<16 {
                pixels.replaceSubrange((y * w + x) * 3..<(y * w + x) * 3 + 3, with: [255, 0, 0])
                let gx = w - 16 + x
                pixels.replaceSubrange((y * w + gx) * 3..<(y * w + gx) * 3 + 3, with: [0, 255, 0])
            }
        }
        let jpeg = Fixtures.withEXIFOrientation(try Fixtures.jpeg(pixels, width: w, height: h, components: 3, quality: 100),
                                                value: orientation, bigEndian: bigEndian)
        let decoded = try decodeImage(jpeg)
        let image = decoded.image
        #expect(decoded.orientation.rawValue == orientation)
        #expect(decoded.storedOrientation.rawValue == orientation)
        #expect(decoded.originalSize == ImageSize(width: w, height: h))
        #expect(image.size == (orientation >= 5 ? ImageSize(width: h, height: w) : ImageSize(width: w, height: h)))
        let (rx, ry) = Self.expectedPosition(orientation, x: 8, y: 8, w: w, h: h)
        let (gx, gy) = Self.expectedPosition(orientation, x: w - 8, y: 8, w: w, h: h)
        #expect(image[rx, ry, 0] > 200 && image[rx, ry, 1] < 60, "red corner, orientation \(orientation)")
        #expect(image[gx, gy, 1] > 200 && image[gx, gy, 0] < 60, "green corner, orientation \(orientation)")

        let raw = try decodeImage(jpeg, options: DecodeOptions(applyOrientation: false))
        #expect(raw.orientation == .up)
        #expect(raw.storedOrientation.rawValue == orientation)
        #expect(raw.image.size == ImageSize(width: w, height: h))
    }

    @Test func transformMatchesHandWorkedExamples() {
        let source = ByteImage(width: 3, height: 2, samples: [1, 2, 3, 4, 5, 6])
        let expected: [EXIFOrientation: (Int, [UInt8])] = [
            .up: (3, [1, 2, 3, 4, 5, 6]),
            .mirrorHorizontal: (3, [3, 2, 1, 6, 5, 4]),
            .rotate180: (3, [6, 5, 4, 3, 2, 1]),
            .mirrorVertical: (3, [4, 5, 6, 1, 2, 3]),
            .transpose: (2, [1, 4, 2, 5, 3, 6]),
            .rotate90CW: (2, [4, 1, 5, 2, 6, 3]),
            .transverse: (2, [6, 3, 5, 2, 4, 1]),
            .rotate270CW: (2, [3, 6, 2, 5, 1, 4]),
        ]
        for orientation in EXIFOrientation.allCases {
            guard let (width, samples) = expected[orientation] else { continue }
            let out = source.oriented(orientation)
            #expect(out.width == width, "\(orientation)")
            #expect(out.samples == samples, "\(orientation)")
        }
        // Multi-channel: whole pixels move together.
        let rgb = ByteImage(width: 2, height: 1, channels: 3, samples: [1, 2, 3, 4, 5, 6])
        #expect(rgb.oriented(.rotate90CW).samples == [1, 2, 3, 4, 5, 6])
        #expect(rgb.oriented(.rotate90CW).height == 2)
        #expect(rgb.oriented(.mirrorHorizontal).samples == [4, 5, 6, 1, 2, 3])
        let two = ByteImage(width: 2, height: 1, channels: 2, samples: [1, 2, 3, 4])
        #expect(two.oriented(.rotate180).samples == [3, 4, 1, 2])
    }

    /// A rectangle marked in an image, turned with the image by every orientation, maps back
    /// to where it was.
    @Test(arguments: 1...8)
    func aRectangleTurnedWithItsImageMapsBack(raw: Int) throws {
        let orientation = try #require(EXIFOrientation(rawValue: raw))
        let rectangle = PixelRectangle(x: 3, y: 1, width: 4, height: 2)
        let image = ByteImage(width: 9, height: 5, samples: (0..<45).map { i in
            (rectangle.x..<rectangle.x + rectangle.width).contains(i % 9)
                && (rectangle.y..<rectangle.y + rectangle.height).contains(i / 9) ? 1 : 0
        })
        let turned = image.oriented(orientation)
        // The marked pixels' box in the turned image.
        let marked = turned.samples.indices.filter { turned.samples[$0] == 1 }
        let xs = marked.map { $0 % turned.width }, ys = marked.map { $0 / turned.width }
        let box = PixelRectangle(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()! + 1,
                                 height: ys.max()! - ys.min()! + 1)
        #expect(box.unoriented(orientation, uprightSize: turned.size) == rectangle)
        #expect(turned.oriented(orientation.inverse).samples == image.samples)
    }

    @Test func malformedEXIFIsIgnored() throws {
        let good: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        #expect(EXIFOrientation(exifPayload: good) == .rotate90CW)
        #expect(EXIFOrientation(exifPayload: Array(good.prefix(19))) == nil)          // entry cut off
        #expect(EXIFOrientation(exifPayload: [0x4D, 0x4D, 0, 42, 0xFF, 0xFF, 0xFF, 0xF0]) == nil)  // IFD offset out of range
        #expect(EXIFOrientation(exifPayload: [0x41, 0x41, 0, 42, 0, 0, 0, 8]) == nil)  // bad byte order
        var badValue = good
        badValue[19] = 9
        #expect(EXIFOrientation(exifPayload: badValue) == nil)
        var hugeCount = good
        hugeCount[8] = 0xFF
        hugeCount[9] = 0xFF
        #expect(EXIFOrientation(exifPayload: hugeCount) == nil)

        // A JPEG with garbage EXIF still decodes, upright as stored.
        var jpeg = Fixtures.withEXIFOrientation(
            try Fixtures.jpeg([UInt8](repeating: 50, count: 32 * 16 * 3), width: 32, height: 16, components: 3), value: 6)
        jpeg[12] = 0xEE  // break the TIFF byte-order mark ("MM" at 12)
        let decoded = try decodeImage(jpeg)
        #expect(decoded.orientation == .up)
        #expect(decoded.image.size == ImageSize(width: 32, height: 16))
    }
}
