import CPixelKernels
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// ``AreaRowKernel/horizontalSums(_:rows:into:ringRows:)`` (the SSE2 kernel for RGB, then
/// the loop) gives the weighted sums of ``AreaWeights`` exactly.
@Suite struct AreaRowSumsTests {
    @Test(arguments: [(1368, 768), (7, 3), (10, 9), (5, 5), (9, 1), (4, 2), (3, 2), (1000, 999), (301, 37)])
    func rgbSumsAreTheWeightedSums(inW: Int, outW: Int) {
        let rows = 3
        var random = SplitMix64(seed: UInt64(inW * 1000 + outW))
        let bytes = (0..<(inW * rows * 3)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let kernel = AreaRowKernel(input: ImageSize(width: inW, height: rows), output: ImageSize(width: outW, height: rows),
                                   channels: 3)
        var sums = [Int32](repeating: -1, count: outW * rows * 3)
        bytes.withUnsafeBufferPointer { src in
            sums.withUnsafeMutableBufferPointer { out in
                kernel.horizontalSums(src.baseAddress!, rows: 0..<rows, into: out.baseAddress!, ringRows: rows)
            }
        }
        let w = AreaWeights(inputLength: inW, outputLength: outW)
        var expected: [Int32] = []
        for y in 0..<rows {
            for x in 0..<outW {
                for c in 0..<3 {
                    var sum = 0
                    for k in 0..<w.count[x] {
                        sum += Int(w.weights[w.offset[x] + k]) * Int(bytes[(y * inW + w.start[x] + k) * 3 + c])
                    }
                    expected.append(Int32(sum))
                }
            }
        }
        #expect(sums == expected)
    }

    /// ``AreaRowKernel/verticalMeans(row:sums:ringRows:into:)`` (double arithmetic) gives the
    /// float nearest to the exact 64-bit integer total divided once, as the loop it replaced.
    @Test(arguments: [(912, 432), (7, 3), (10, 9), (5, 5), (9, 1), (3000, 1117)])
    func verticalMeansAreTheExactTotalsDivided(inH: Int, outH: Int) {
        let inW = 4000, outW = 5  // large sums: up to 4000 · 255 per entry
        let rowLen = outW * 3
        var random = SplitMix64(seed: UInt64(inH * 1000 + outH))
        let sums = (0..<(inH * rowLen)).map { _ in Int32(random.next() % UInt64(inW * 255 + 1)) }
        let kernel = AreaRowKernel(input: ImageSize(width: inW, height: inH), output: ImageSize(width: outW, height: outH),
                                   channels: 3)
        let w = AreaWeights(inputLength: inH, outputLength: outH)
        for y in [0, outH / 2, outH - 1] {
            var means = [Float](repeating: .nan, count: rowLen)
            sums.withUnsafeBufferPointer { s in
                means.withUnsafeMutableBufferPointer { m in
                    kernel.verticalMeans(row: y, sums: s.baseAddress!, ringRows: inH, into: m.baseAddress!)
                }
            }
            let expected = (0..<rowLen).map { i -> Float in
                var total: Int64 = 0
                for k in 0..<w.count[y] {
                    total += Int64(w.weights[w.offset[y] + k]) * Int64(sums[(w.start[y] + k) * rowLen + i])
                }
                return Float(Double(total) / (Double(inW) * Double(inH)))
            }
            #expect(means.map(\.bitPattern) == expected.map(\.bitPattern), "output row \(y)")
        }
    }

    #if arch(x86_64)
    /// On x86-64 the kernel does all but the last pixel of a row.
    @Test func theKernelTakesAllButTheLastPixel() {
        let w = AreaWeights(inputLength: 10, outputLength: 4)
        let weights = w.weights.map { Int32($0) }
        let row = [UInt8](repeating: 2, count: 30)
        var out = [Int32](repeating: 0, count: 12)
        let done = cpk_area_row_sums_rgb(row, &out, 4, w.start, w.count, w.offset, weights)
        #expect(done == 3)
        #expect(out[0...8].allSatisfy { $0 == 2 * 10 })  // each output's weights add up to 10
    }
    #endif
}
