import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct EdgeRimTests {
    @Test func rimTakesThePixelsJustInside() {
        // Each pixel's value is its own index, so every copy can be traced to its source.
        let width = 9, height = 7, depth = 2
        let image = FloatImage(width: width, height: height, channels: 1,
                               samples: (0..<(width * height)).map(Float.init))
        let out = replicatingEdgeRim(image, depth: depth)
        for y in 0..<height {
            for x in 0..<width {
                let sx = min(max(x, depth), width - 1 - depth), sy = min(max(y, depth), height - 1 - depth)
                #expect(out[x, y, 0] == Float(sy * width + sx), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func tooSmallOrZeroDepthIsUnchanged() {
        let image = FloatImage(width: 4, height: 4, channels: 3, samples: (0..<48).map(Float.init))
        #expect(replicatingEdgeRim(image, depth: 0).samples == image.samples)
        #expect(replicatingEdgeRim(image, depth: 2).samples == image.samples)
    }

    @Test func aThinRimDoesNotBecomeAFrame() {
        // Two flat halves inside a 2-pixel light rim (a canvas edge left after trimming).
        // The rim replaced is min(lineWidth, 1% of the long side) = 3 px deep here.
        let image = TestImages.lab(width: 400, height: 300) { x, y in
            if x < 2 || y < 2 || x >= 398 || y >= 298 { return (95, 0, 10) }
            return x < 200 ? (30, 20, 0) : (60, -20, 0)
        }
        let (page, count) = BoundaryEngineTests.regions(of: image, lineWidth: 3)
        #expect(count == 2, "the two halves only: no strip region along the edges")
        // No ink along the top row except where the halves meet.
        let topInk = (0..<400).filter { page[$0, 0] < 128 }
        #expect(topInk.allSatisfy { (198...200).contains($0) }, "top-row ink at \(topInk)")
    }
}
