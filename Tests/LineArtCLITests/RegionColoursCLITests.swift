import Foundation
import LineArtKit
import Testing

/// Each region of `--regions` carries the photo's colour there.
@Suite struct RegionColoursCLITests {
    /// A photo of two flat halves, orange and blue, with a dark disc on the blue half:
    /// each region's `color` is the colour of the photo where its seed lies (flat areas
    /// come through resizing and denoising unchanged).
    @Test func regionsCarryThePhotosColours() throws {
        let width = 400, height = 300
        let orange: [UInt8] = [230, 120, 30], blue: [UInt8] = [40, 80, 200], dark: [UInt8] = [30, 30, 40]
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x - 300), dy = Double(y - 150)
                let c = x < 200 ? orange : (dx * dx + dy * dy < 50 * 50 ? dark : blue)
                samples.replaceSubrange((3 * (y * width + x))..<(3 * (y * width + x) + 3), with: c)
            }
        }
        let folder = try TemporaryFolder()
        try folder.write("in/halves.png", try PNGEncoder(pixelFormat: .rgb8)
            .encode(ByteImage(width: width, height: height, channels: 3, samples: samples)))
        let result = try CLI.run(["convert", "in/halves.png", "-o", "out", "--regions", "--preset", "object", "--frame", "photo", "-q"],
                                 in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try readJSONObject(folder.path("out/halves.json"))
        let size = try #require(report["processedSize"] as? [String: Any])
        let pageWidth = try #require(size["width"] as? Int), pageHeight = try #require(size["height"] as? Int)
        let regions = try #require(report["regions"] as? [[String: Any]])
        #expect(regions.count >= 3, "\(regions.count) regions")
        for region in regions {
            let seed = try #require(region["seed"] as? [String: Any])
            let x = try #require(seed["x"] as? Int) * width / pageWidth, y = try #require(seed["y"] as? Int) * height / pageHeight
            let expected = Array(samples[(3 * (y * width + x))..<(3 * (y * width + x) + 3)])
            let color = try #require(region["color"] as? String)
            let found = try #require(SRGBColour(hex: color))
            let difference = zip([found.red, found.green, found.blue], expected).map { abs(Int($0) - Int($1)) }.max()!
            #expect(difference <= 4, "region \(region["id"] ?? "?"): \(color) where the photo is \(expected)")
        }
    }
}
