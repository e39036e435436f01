import Testing
@testable import LineArtImage
@testable import LineArtAlgorithms

/// The subject finder's colour cue: how far each pixel stands from the border.
@Suite struct MinimumBarrierDistanceTests {
    /// A channel with texture and two blobs, one reached from the border only by a winding path.
    static let width = 40, height = 30
    static func channel() -> [Float] {
        var state: UInt32 = 12345
        return (0..<(width * height)).map { i in
            state = state &* 1_103_515_245 &+ 12345
            let x = i % width, y = i / width
            let noise = Float(state >> 16 & 0xFF) / 32
            let blob = (x - 12) * (x - 12) + (y - 10) * (y - 10) < 30 || (x > 25 && x < 33 && y > 8 && y < 24)
            let wall = x == 20 && y > 3
            return (blob ? 60 : 20) + (wall ? 40 : 0) + noise
        }
    }
    static func flipped(_ plane: [Float], _ flip: EXIFOrientation) -> [Float] {
        FloatImage(width: width, height: height, channels: 1, samples: plane).oriented(flip).samples
    }
    static func mirrored(_ plane: [Float]) -> [Float] { flipped(plane, .mirrorHorizontal) }
    static func upsideDown(_ plane: [Float]) -> [Float] { flipped(plane, .mirrorVertical) }

    @Test func theDistanceIsTheSameWhicheverWayThePhotoLies() {
        let plane = Self.channel()
        let distance = minimumBarrierDistanceAnyWayUp(plane, width: Self.width, height: Self.height)
        #expect(minimumBarrierDistanceAnyWayUp(Self.mirrored(plane), width: Self.width, height: Self.height)
                == Self.mirrored(distance))
        #expect(minimumBarrierDistanceAnyWayUp(Self.upsideDown(plane), width: Self.width, height: Self.height)
                == Self.upsideDown(distance))
        #expect(minimumBarrierDistanceAnyWayUp(plane, width: Self.width, height: Self.height, threads: 2) == distance)
        // One scan order alone is not: its mirror image reads other distances.
        let oneWay = minimumBarrierDistance(plane, width: Self.width, height: Self.height)
        #expect(minimumBarrierDistance(Self.mirrored(plane), width: Self.width, height: Self.height) != Self.mirrored(oneWay))
        // Each figure is the barrier of some path: the least of the four is never above one.
        #expect(zip(distance, oneWay).allSatisfy { $0 <= $1 })
    }
}
