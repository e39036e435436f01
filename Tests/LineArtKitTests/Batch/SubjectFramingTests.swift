import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// A photo of one small subject, shrunk on load: the page shows the subject's frame, decoded
/// again finer, and the report places subject and frame in the photo's own pixels.
@Suite struct SubjectFramingTests {
    static let width = 2400, height = 1600
    /// The subject: a striped ellipse centred on (1700, 800), half-axes 150 and 220.
    static let shape = PixelRectangle(x: 1550, y: 580, width: 301, height: 441)

    static func photo() throws -> [UInt8] {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - 1700) / 150, dy = Double(y - 800) / 220
                if dx * dx + dy * dy <= 1 {
                    pixels += (x / 10) % 2 == 0 ? [200, 40, 30] : [30, 20, 20]
                } else {
                    let u = Double(x) / 180, v = Double(y) / 140
                    let a = (sin(u) * cos(v) + 1) / 2, b = (sin(0.7 * u + 1.3) * sin(1.1 * v) + 1) / 2
                    pixels += [UInt8(60 + 120 * a), UInt8(110 + 100 * b), UInt8(50 + 60 * a * b)]
                }
            }
        }
        return try Fixtures.jpeg(pixels, width: width, height: height, components: 3, quality: 92)
    }


    @Test func theObjectPageShowsTheSubjectsFrameInThePhotosPixels() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("subject-\(UUID().uuidString).jpg").path
        FileManager.default.createFile(atPath: path, contents: Data(try Self.photo()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let converter = try PhotoConverter(preset: BuiltinPresets.named("object"))
        let (report, _) = try converter.render(BatchInput(path: path, relativePath: "subject.jpg"), pagePath: "/tmp/unused.png")
        let subject = try #require(report.subject)
        let frame = try #require(report.frame)
        #expect(subject.cue == .focus)
        #expect(subject.box.contains(Self.shape, slack: 40), "subject \(subject.box)")
        #expect(Self.shape.contains(subject.box, slack: 120), "subject \(subject.box)")
        #expect(frame.contains(subject.box, slack: 0) && frame.x >= 0 && frame.y >= 0
                && frame.x + frame.width <= Self.width && frame.y + frame.height <= Self.height, "frame \(frame)")
        // The page is the frame in the frame's proportions, with about as many pixels as the
        // whole photo's page (768x512) and no more.
        let page = report.processedSize
        #expect(max(page.width, page.height) <= 768)
        #expect(page.pixelCount <= 768 * 512 && page.pixelCount > 768 * 512 * 97 / 100, "page \(page)")
        #expect(abs(Double(page.width) / Double(page.height) - Double(frame.width) / Double(frame.height)) < 0.02)
    }

    /// The apple photo in gray: its darkest, grainiest part (the bottom of the apple, above
    /// the pencil) stands out for the subject finder, and the object page framed on it encloses
    /// nothing. The report names the dropped frame, warns, and the page shows the whole apple.
    @Test func aFrameHoldingNoShapeIsDroppedForTheWholePhoto() throws {
        let apple = try decodeImage(atPath: Fixtures.repositoryRoot.appendingPathComponent("SampleImages/apple.jpg").path,
                                    options: DecodeOptions()).image
        let gray = (0..<apple.width * apple.height).map { i -> UInt8 in
            let (r, g, b) = (Int(apple.samples[3 * i]), Int(apple.samples[3 * i + 1]), Int(apple.samples[3 * i + 2]))
            return UInt8((299 * r + 587 * g + 114 * b + 500) / 1000)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gray-apple-\(UUID().uuidString).jpg").path
        FileManager.default.createFile(atPath: path, contents: Data(try Fixtures.jpeg(gray, width: apple.width, height: apple.height,
                                                                                     components: 1, quality: 92)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let converter = try PhotoConverter(preset: BuiltinPresets.named("object"))
        let (report, _) = try converter.render(BatchInput(path: path, relativePath: "apple.jpg"), pagePath: "/tmp/unused.png")
        let dropped = try #require(report.emptyFrame)
        #expect(report.subject != nil && report.frame == nil)
        #expect(report.processedSize.width == converter.pipeline.settings.maxDimension, "the whole photo's page")
        #expect(report.fillability.regionCount >= 3, "the apple drawn: \(report.fillability.regionCount) regions")
        #expect(report.warningsForThePage.first == "the frame on the subject (\(dropped) px of the photo) held no shape: the page shows the whole photo")
    }

    /// The cameraman at the toddler preset on a 256 px page: saved as JPEG, the photo is shrunk on load
    /// to its working size, and a subject finder looking at those 256 px instead of the PNG's
    /// 512 read another focus map, a shorter box and a frame the PNG's page does not have.
    /// Decoded at the finder's own detail size, both give the same subject and no frame.
    @Test func aJPEGShrunkOnLoadGivesTheSubjectOfItsPNG() throws {
        let root = Fixtures.repositoryRoot.appendingPathComponent("SampleImages")
        let camera = try decodeImage(atPath: root.appendingPathComponent("camera.png").path, options: DecodeOptions()).image
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("camera-\(UUID().uuidString).jpg").path
        FileManager.default.createFile(atPath: path, contents: Data(try Fixtures.jpeg(camera.samples, width: camera.width,
                                                                                     height: camera.height, components: 1, quality: 95)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let converter = try PhotoConverter(preset: toddlerOnASmallPage())
        let (png, _) = try converter.render(BatchInput(path: root.appendingPathComponent("camera.png").path, relativePath: "camera.png"),
                                            pagePath: "/tmp/unused.png")
        let (jpeg, _) = try converter.render(BatchInput(path: path, relativePath: "camera.jpg"), pagePath: "/tmp/unused.png")
        let a = try #require(png.subject), b = try #require(jpeg.subject)
        #expect(a.cue == b.cue)
        #expect(a.box.contains(b.box, slack: 8) && b.box.contains(a.box, slack: 8), "PNG \(a.box), JPEG \(b.box)")
        #expect(png.frame == jpeg.frame, "PNG \(png.frame.map { "\($0)" } ?? "whole"), JPEG \(jpeg.frame.map { "\($0)" } ?? "whole")")
    }
}
