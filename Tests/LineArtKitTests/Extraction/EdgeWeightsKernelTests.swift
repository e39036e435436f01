import CPixelKernels
import Testing
@testable import LineArtKit

/// `cpk_edge_weights_rgb` (SSE2, four edges at a time) gives the quantised weight that
/// ``SortedGridEdges``' loop gives, edge for edge: `⌊min(top, √(d0² + d1² + d2²) · scale)⌋`
/// with the squares added in channel order.
@Suite struct EdgeWeightsKernelTests {
    /// The loop's formula, one edge at a time.
    static func weight(_ a: [Float], _ b: [Float], _ i: Int, scale: Float, top: Float) -> UInt16 {
        let d0 = a[3 * i] - b[3 * i], d1 = a[3 * i + 1] - b[3 * i + 1], d2 = a[3 * i + 2] - b[3 * i + 2]
        var sum = d0 * d0
        sum += d1 * d1
        sum += d2 * d2
        return WholeNumbers.uint16(WholeNumbers.floor(min(top, sum.squareRoot() * scale)))
    }

    @Test(arguments: [0, 1, 3, 4, 5, 8, 1023])
    func theKernelWeighsEveryEdgeAsTheLoop(count: Int) {
        var random = SplitMix64(seed: UInt64(count) + 11)
        func lab() -> Float { Float(Double(random.next() % 2_000_001) / 10_000 - 100) }
        var a = (0..<(3 * count)).map { _ in lab() }
        var b = (0..<(3 * count)).map { _ in lab() }
        // Near pairs too (the low buckets, where most edges fall), and equal ones.
        for i in Swift.stride(from: 0, to: count, by: 3) {
            for c in 0..<3 { b[3 * i + c] = a[3 * i + c] + Float(Int(random.next() % 200) - 100) / 997 }
        }
        if count > 2 { for c in 0..<3 { a[3 * 2 + c] = 7; b[3 * 2 + c] = 7 } }
        let scale = (0..<count).map { _ in 16 * Float(random.next() % 1000 + 1) / 1000 }
        let top: Float = 2047
        var out = [UInt16](repeating: 9999, count: count)
        let done = out.withUnsafeMutableBufferPointer { out in
            cpk_edge_weights_rgb(a, b, scale, out.baseAddress!, count, top)
        }
        #expect(done == count / 4 * 4)
        for i in 0..<done {
            #expect(out[i] == Self.weight(a, b, i, scale: scale[i], top: top), "edge \(i)")
        }
        #expect(out[done...].allSatisfy { $0 == 9999 }, "nothing written past the groups of four")
    }

    /// Weights at the top bucket clamp there, and distances that land on a whole bucket keep it.
    @Test func clampsAndWholeBucketsMatchTheLoop() {
        // Differences (3, 4, 0): distance 5, times 16 = bucket 80 exactly; (300, 400, 0): clamped.
        let a: [Float] = [50, 10, 10, 50, 10, 10, 0, 0, 0, 1, 2, 3]
        let b: [Float] = [47, 6, 10, -250, -390, 10, 0, 0, 0, 1, 2, 3.0625]
        let scale: [Float] = [16, 16, 16, 16]
        var out = [UInt16](repeating: 0, count: 4)
        _ = out.withUnsafeMutableBufferPointer { cpk_edge_weights_rgb(a, b, scale, $0.baseAddress!, 4, 2047) }
        #expect(out == [80, 2047, 0, 1])
        #expect(out == (0..<4).map { Self.weight(a, b, $0, scale: 16, top: 2047) })
    }

    /// Channel differences whose squares, added in another order, round to a sum that falls
    /// into the neighbouring bucket (found by search): the kernel adds in channel order.
    @Test func theSquaresAddInChannelOrder() {
        let d: [Float] = [-9.22680377960205, -3.422680377960205, -2.8659794330596924,
                          -14.144330024719238, -16.979381561279297, 16.68041229248047,
                          -18.4536075592041, -18.75257682800293, 15.917526245117188,
                          1, 2, 3]
        let zero = [Float](repeating: 0, count: 12), minus = d.map { -$0 }
        let scale: [Float] = [16, 16, 16, 16]
        var out = [UInt16](repeating: 0, count: 4)
        _ = out.withUnsafeMutableBufferPointer { cpk_edge_weights_rgb(zero, minus, scale, $0.baseAddress!, 4, 2047) }
        #expect(out == [163, 443, 492, 59])
        #expect(out == (0..<4).map { Self.weight(zero, minus, $0, scale: 16, top: 2047) })
        // The other order lands elsewhere for the first three.
        for i in 0..<3 {
            let s = d[3 * i ..< 3 * i + 3].map { $0 * $0 }
            let otherOrder = s[s.startIndex] + (s[s.startIndex + 1] + s[s.startIndex + 2])
            #expect(UInt16((otherOrder.squareRoot() * 16).rounded(.down)) != out[i], "case \(i)")
        }
    }
}
