import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct RegionMapTests {
    static func analysis(_ page: ByteImage) -> FillabilityAnalysis {
        FillabilityValidator(minRegionArea: 10).analyze(page)
    }

    @Test func labelsAndAreasAreTheValidators() throws {
        let page = VectorTestPages.drawing()
        let analysis = Self.analysis(page)
        let map = try #require(RegionMap(analysis.regions))
        #expect(map.labels == analysis.regions.labels.map { UInt16($0) })
        #expect(map.regions.count == analysis.result.regionCount)
        #expect(map.regions.map(\.id) == Array(1...analysis.regions.count))
        for region in map.regions {
            #expect(region.area == analysis.regions.areas[region.id])
            #expect(region.bounds == analysis.regions.bounds[region.id])
            #expect(region.touchesBorder == analysis.regions.touchesBorder[region.id])
        }
    }

    @Test func seedsFallInsideTheirRegions() throws {
        let page = VectorTestPages.drawing()
        let map = try #require(RegionMap(Self.analysis(page).regions))
        for region in map.regions {
            #expect(Int(map.labels[region.seed.y * map.width + region.seed.x]) == region.id)
            #expect(region.inscribedRadius >= 0.5)
        }
    }

    @Test func sliverHasASmallerRadiusThanASquareOfEqualArea() throws {
        var page = VectorTestPages.blank(80, 30)
        VectorTestPages.rectangleOutline(&page, x0: 2, y0: 2, x1: 56, y1: 6, thickness: 1)  // 52 x 2 sliver
        VectorTestPages.rectangleOutline(&page, x0: 60, y0: 2, x1: 72, y1: 14, thickness: 1)  // 10 x 10 square
        let map = try #require(RegionMap(Self.analysis(page).regions))
        let sliver = try #require(map.regions.first { $0.area == 104 })
        let square = try #require(map.regions.first { $0.area == 100 })
        #expect(sliver.inscribedRadius == 0.5)
        #expect(square.inscribedRadius > 4 && square.inscribedRadius <= 5)
        #expect(sliver.inscribedRadius < square.inscribedRadius)
    }

    @Test func neighboursAreRegionsSeparatedByInk() throws {
        var page = VectorTestPages.blank(30, 20)
        VectorTestPages.rectangleOutline(&page, x0: 5, y0: 5, x1: 26, y1: 16, thickness: 1)
        for y in 5..<16 { page[15, y] = 0 }
        let map = try #require(RegionMap(Self.analysis(page).regions))
        #expect(map.regions.count == 3)
        #expect(map.regions.map(\.neighbors) == [[2, 3], [1, 3], [1, 2]])
        #expect(map.regions[0].touchesBorder && !map.regions[1].touchesBorder)
    }

    @Test func sixteenBitPNGRoundTrip() throws {
        // A grid of 1-px ink lines every 3 px: 400 regions, more than 8 bits hold.
        var page = VectorTestPages.blank(60, 60)
        for y in 0..<60 { for x in 0..<60 where x % 3 == 2 || y % 3 == 2 { page[x, y] = 0 } }
        let map = try #require(RegionMap(Self.analysis(page).regions))
        #expect(map.regions.count == 400)
        let png = try map.pngData()
        #expect(PNGEncoderTests.ihdr(png)?.bitDepth == 16)
        #expect(PNGEncoderTests.ihdr(png)?.colorType == 0)
        let read = try RegionMap.labels(fromPNG: png)
        #expect(read.width == 60 && read.height == 60)
        #expect(read.labels == map.labels)
        #expect(read.labels.contains(400) && read.labels.contains(256) && read.labels.contains(0))
    }

    /// Every label 0...65535 in one map, so each of the 16 bits is read back where it belongs,
    /// whichever row filters the encoder picks.
    @Test func everySixteenBitLabelReadsBack() throws {
        let labels = (0..<65536).map { UInt16(truncatingIfNeeded: $0 &* 40503) }  // a permutation
        let png = try PNGEncoder(pixelFormat: .gray8).encodeGray16(width: 256, height: 256, samples: labels)
        #expect(try RegionMap.labels(fromPNG: png).labels == labels)
    }

    @Test func aFileThatIsNotARegionMapIsRefusedWithItsReason() throws {
        let page = try PNGEncoder(pixelFormat: .gray8).encode(VectorTestPages.blank(8, 8))
        #expect(throws: RegionMapReadError(reason: "not a 16-bit grayscale PNG")) {
            try RegionMap.labels(fromPNG: page)
        }
        #expect(throws: RegionMapReadError.self) { try RegionMap.labels(fromPNG: Array("not a png".utf8)) }

        let map = try PNGEncoder(pixelFormat: .gray8).encodeGray16(width: 30, height: 20,
                                                                     samples: (0..<600).map { UInt16($0) })
        // Cut inside the image data: the chunk no longer fits in the file.
        #expect(throws: RegionMapReadError(reason: "a PNG chunk is cut short")) {
            try RegionMap.labels(fromPNG: Array(map.prefix(map.count - 20)))
        }
        // A header that claims 100000 x 100000 pixels over the same few bytes of data is
        // refused before the 20 GB it would take are allocated.
        var huge = map
        for (offset, value) in [(16, 100_000), (20, 100_000)] {
            for k in 0..<4 { huge[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        }
        #expect(throws: RegionMapReadError(reason: "the image data is too short for the 100000x100000 pixels the header declares")) {
            try RegionMap.labels(fromPNG: huge)
        }
    }
}

/// ``regionColours(_:lab:)``: the mean colour of each region's pixels, ink left out.
@Suite struct RegionColoursTests {
    @Test func eachRegionGetsTheMeanOfItsOwnPixels() throws {
        // Two boxes split by a vertical line of ink: the left box red and blue half and half
        // (mean Lab of the two), the right box green; the ink pixels are black and count for
        // neither.
        var page = VectorTestPages.blank(21, 10)
        for y in 0..<10 { page.samples[y * 21 + 10] = 0 }
        let analysis = FillabilityValidator(minRegionArea: 1).analyze(page)
        #expect(analysis.regions.count == 2)
        let red = LabToSRGBTests.lab(255, 0, 0), blue = LabToSRGBTests.lab(0, 0, 255), green = LabToSRGBTests.lab(0, 160, 0)
        var samples = [Float](repeating: 0, count: 21 * 10 * 3)
        for y in 0..<10 {
            for x in 0..<21 {
                let c = x == 10 ? (0, 0, 0) : x > 10 ? green : (y < 5 ? red : blue)
                samples[3 * (y * 21 + x)] = Float(c.0)
                samples[3 * (y * 21 + x) + 1] = Float(c.1)
                samples[3 * (y * 21 + x) + 2] = Float(c.2)
            }
        }
        let lab = FloatImage(width: 21, height: 10, channels: 3, samples: samples)
        let colours = try #require(regionColours(analysis.regions, lab: lab))
        let mean = LabColor.srgb(l: (red.0 + blue.0) / 2, a: (red.1 + blue.1) / 2, b: (red.2 + blue.2) / 2)
        #expect(colours == [mean, SRGBColour(red: 0, green: 160, blue: 0)])
        // Another size than the page: no colours.
        #expect(regionColours(analysis.regions, lab: FloatImage(width: 20, height: 10, channels: 3,
                                                                 samples: [Float](repeating: 0, count: 600))) == nil)
    }
}

/// Region map files are told by name and content: `NAME.regions.png` holding a 16-bit
/// grayscale PNG. A page (1-bit or 8-bit) with that name is not one, nor is a 16-bit map
/// under another name.
@Suite struct RegionMapFileCheckTests {
    @Test func aMapIsANameAndA16BitGrayHeader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("regionmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let map = try #require(RegionMap(RegionMapTests.analysis(VectorTestPages.drawing()).regions)).pngData()
        let page = VectorTestPages.drawing()
        #expect(RegionMap.isMapFile(atPath: try write("cat.regions.png", map)))
        #expect(!RegionMap.isMapFile(atPath: try write("x.regions.png", try PNGEncoder(pixelFormat: .bilevel).encode(page))))
        #expect(!RegionMap.isMapFile(atPath: try write("y.regions.png", try PNGEncoder(pixelFormat: .gray8).encode(page))))
        #expect(!RegionMap.isMapFile(atPath: try write("map.png", map)), "not named as a map")
        #expect(!RegionMap.isMapFile(atPath: try write("short.regions.png", Array(map.prefix(20)))))
        #expect(!RegionMap.isMapFile(atPath: folder.appendingPathComponent("none.regions.png").path))
    }
}
