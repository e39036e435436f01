import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs

/// HEIC/HEIF (libheif), WebP (libwebp) and TIFF (libtiff): pixels, orientation, alpha,
/// shrink-on-load and the pixel limit.
@Suite struct PhotoFormatDecodeTests {
    /// Lossless WebP (cwebp) and Deflate TIFF (Pillow) of the same photo as cat.png decode
    /// to exactly its pixels.
    @Test(arguments: ["cat.webp", "cat.tif"])
    func losslessFilesDecodeToThePNGsPixels(name: String) throws {
        let png = try decodeImage(PhotoFormatFixtures.photo("cat.png"))
        let decoded = try decodeImage(PhotoFormatFixtures.photo(name))
        #expect(decoded.format == (name.hasSuffix("webp") ? .webp : .tiff))
        #expect(decoded.originalSize == ImageSize(width: 64, height: 42))
        #expect(decoded.image == png.image)
    }

    /// A HEIC made with heif-enc decodes to the pixels heif-convert wrote for it as PNG.
    @Test func heicDecodesToTheHEIFToolsPixels() throws {
        let png = try decodeImage(PhotoFormatFixtures.photo("cat.heic.png"))
        let decoded = try decodeImage(PhotoFormatFixtures.photo("cat.heic"))
        #expect(decoded.format == .heif)
        #expect(decoded.originalSize == ImageSize(width: 64, height: 42))
        #expect(decoded.image == png.image)
    }

    /// cat-rotated.heic (pillow-heif, from cat.png with EXIF orientation 6) stores the
    /// 64x42 picture with an `irot` rotation and keeps the EXIF orientation 6 too. libheif
    /// turns it upright once; the EXIF orientation is not applied on top.
    @Test func heicIsTurnedUprightByItsOwnRotationOnly() throws {
        let upright = try decodeImage(PhotoFormatFixtures.photo("cat.png")).image.oriented(.rotate90CW)
        let decoded = try decodeImage(PhotoFormatFixtures.photo("cat-rotated.heic"))
        #expect(decoded.image.size == ImageSize(width: 42, height: 64))
        #expect(decoded.orientation == .up)
        let difference = zip(decoded.image.samples, upright.samples).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(difference < 4 * upright.samples.count, "mean difference \(Double(difference) / Double(upright.samples.count))")
    }

    /// 32x16 RGB: a red block top-left, a green block top-right, the rest gray.
    static func markedPicture() -> (pixels: [UInt8], width: Int, height: Int) {
        let w = 32, h = 16
        var pixels = [UInt8](repeating: 128, count: w * h * 3)
        for y in 2..<6 {
            for x in 2..<6 { pixels.replaceSubrange((y * w + x) * 3..<(y * w + x) * 3 + 3, with: [255, 0, 0]) }
            for x in (w - 6)..<(w - 2) { pixels.replaceSubrange((y * w + x) * 3..<(y * w + x) * 3 + 3, with: [0, 255, 0]) }
        }
        return (pixels, w, h)
    }

    static func expectUpright(_ decoded: DecodedImage, orientation: Int, width w: Int, height h: Int) {
        let image = decoded.image
        #expect(decoded.orientation.rawValue == orientation)
        #expect(image.size == (orientation >= 5 ? ImageSize(width: h, height: w) : ImageSize(width: w, height: h)))
        let (rx, ry) = EXIFOrientationTests.expectedPosition(orientation, x: 3, y: 3, w: w, h: h)
        let (gx, gy) = EXIFOrientationTests.expectedPosition(orientation, x: w - 4, y: 3, w: w, h: h)
        #expect(image[rx, ry, 0] > 200 && image[rx, ry, 1] < 60, "red corner, orientation \(orientation)")
        #expect(image[gx, gy, 1] > 200 && image[gx, gy, 0] < 60, "green corner, orientation \(orientation)")
    }

    @Test(arguments: 1...8)
    func webpEXIFOrientationIsApplied(orientation: Int) throws {
        let (pixels, w, h) = Self.markedPicture()
        let simple = try PhotoFormatFixtures.webp(pixels, width: w, height: h, channels: 3)
        let webp = PhotoFormatFixtures.webpWithEXIF(simple, width: w, height: h, orientation: orientation)
        let decoded = try decodeImage(webp)
        Self.expectUpright(decoded, orientation: orientation, width: w, height: h)
        #expect(decoded.storedOrientation.rawValue == orientation)
        let raw = try decodeImage(webp, options: DecodeOptions(applyOrientation: false))
        #expect(raw.orientation == .up && raw.image.samples == pixels)
    }

    @Test(arguments: [(1, false), (3, true), (6, false), (8, true)])
    func tiffOrientationTagIsApplied(orientation: Int, bigEndian: Bool) throws {
        let (pixels, w, h) = Self.markedPicture()
        let tiff = PhotoFormatFixtures.tiff(pixels, width: w, height: h, channels: 3, orientation: orientation,
                                            bigEndian: bigEndian)
        let decoded = try decodeImage(tiff)
        #expect(decoded.format == .tiff)
        Self.expectUpright(decoded, orientation: orientation, width: w, height: h)
        let raw = try decodeImage(tiff, options: DecodeOptions(applyOrientation: false))
        #expect(raw.image.samples == pixels)
    }

    @Test func tiffGrayStaysOneChannelAndAlphaGoesOverWhite() throws {
        let gray: [UInt8] = [0, 50, 100, 150, 200, 250]
        let decodedGray = try decodeImage(PhotoFormatFixtures.tiff(gray, width: 3, height: 2, channels: 1))
        #expect(decodedGray.image.channels == 1 && decodedGray.image.samples == gray)
        // Gray + alpha and RGBA: opaque pixels keep their value, clear ones become white paper.
        let grayAlpha: [UInt8] = [0, 255, 0, 0, 100, 255, 100, 0]
        let decodedGrayAlpha = try decodeImage(PhotoFormatFixtures.tiff(grayAlpha, width: 2, height: 2, channels: 2))
        #expect(decodedGrayAlpha.image.channels == 1 && decodedGrayAlpha.image.samples == [0, 255, 100, 255])
        let rgba: [UInt8] = [10, 20, 30, 255, 10, 20, 30, 0]
        let decodedRGBA = try decodeImage(PhotoFormatFixtures.tiff(rgba, width: 2, height: 1, channels: 4))
        #expect(decodedRGBA.image.samples == [10, 20, 30, 255, 255, 255])
    }

    @Test func webpAlphaGoesOverWhiteAndLossyDecodes() throws {
        let rgba: [UInt8] = (0..<16 * 8).flatMap { i -> [UInt8] in i % 2 == 0 ? [10, 20, 30, 255] : [10, 20, 30, 0] }
        let decoded = try decodeImage(PhotoFormatFixtures.webp(rgba, width: 16, height: 8, channels: 4))
        #expect(decoded.image.channels == 3)
        #expect(Array(decoded.image.samples.prefix(6)) == [10, 20, 30, 255, 255, 255])
        let (pixels, w, h) = Self.markedPicture()
        let lossy = try decodeImage(PhotoFormatFixtures.webp(pixels, width: w, height: h, channels: 3, lossless: false))
        #expect(lossy.image.size == ImageSize(width: w, height: h))
        let error = zip(lossy.image.samples, pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(error < 10 * pixels.count, "mean error \(Double(error) / Double(pixels.count))")
    }

    /// libwebp's scaler shrinks a 400x200 WebP by the largest whole factor that keeps the
    /// longer side at or above the target; the result is the area average, within rounding.
    @Test func webpShrinksOnLoad() throws {
        let w = 400, h = 200
        let pixels = (0..<w * h).flatMap { i -> [UInt8] in
            let x = i % w, y = i / w
            return [UInt8(x * 255 / w), UInt8(y * 255 / h), (x / 10 + y / 10) % 2 == 0 ? 0 : 255]
        }
        let webp = try PhotoFormatFixtures.webp(pixels, width: w, height: h, channels: 3)
        let decoded = try decodeImage(webp, options: DecodeOptions(targetMaxDimension: 128))
        #expect(decoded.scaleDenominator == 3 && decoded.scaleNumerator == 1)
        #expect(decoded.image.size == ImageSize(width: 133, height: 66))
        #expect(decoded.originalSize == ImageSize(width: w, height: h))
        // The red ramp survives the shrink: left dark, right bright.
        #expect(decoded.image[2, 30, 0] < 20 && decoded.image[130, 30, 0] > 235)
        let full = try decodeImage(webp, options: DecodeOptions(targetMaxDimension: 300))
        #expect(full.image.size == ImageSize(width: w, height: h) && full.image.samples == pixels)
    }

    @Test(arguments: ["cat.heic", "cat.webp", "cat.tif"])
    func pixelLimitRefusesBeforeDecoding(name: String) throws {
        let bytes = try PhotoFormatFixtures.photo(name)
        let error = Fixtures.error { () throws(CodecError) in try decodeImage(bytes, options: DecodeOptions(maxPixels: 2000)) }
        #expect(error == .tooLarge(width: 64, height: 42, limit: 2000))
    }

    /// A TIFF header claiming 100000 x 100000 pixels is refused from the header alone.
    @Test func hugeTIFFIsRefusedFromTheHeader() throws {
        let tiff = PhotoFormatFixtures.tiff([1, 2, 3, 4], width: 100_000, height: 100_000, channels: 1)
        let error = Fixtures.error { () throws(CodecError) in try decodeImage(tiff) }
        #expect(error == .tooLarge(width: 100_000, height: 100_000, limit: 100_000_000))
    }

    @Test func animatedWebPIsRefusedByName() throws {
        let (pixels, w, h) = Self.markedPicture()
        let simple = try PhotoFormatFixtures.webp(pixels, width: w, height: h, channels: 3)
        let animated = PhotoFormatFixtures.extendedWebP(simple, width: w, height: h, flags: 0x02, extra: [])
        let error = Fixtures.error { () throws(CodecError) in try decodeImage(animated) }
        #expect(error == .unsupportedVariant(format: "WebP", reason: "animated WebP"))
        #expect(error?.description == "unsupported WebP image (animated WebP)")
    }
}
