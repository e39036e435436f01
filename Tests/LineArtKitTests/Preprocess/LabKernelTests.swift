import CPixelKernels
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// The SSE2 kernel behind ``LabColor/convert(_:channels:into:pixels:)`` gives, bit for bit,
/// what the one-by-one Swift loop gives.
@Suite struct LabKernelTests {
    /// RGB samples: every value from -1 to 257 in steps of 1/64 in each channel (the three
    /// channels offset so that each pixel mixes different values), the whole codes and their
    /// neighbours, and random colours.
    static let samples: [Float] = {
        var values: [Float] = []
        for step in 0...(258 * 64) { values.append(-1 + Float(step) / 64) }
        for code in 0...255 {
            let v = Float(code)
            values += [v, v.nextUp, v.nextDown]
        }
        var random = SplitMix64(seed: 7)
        for _ in 0..<30_000 { values.append(Float(random.next() % 25_600_001) / 100_000) }
        let n = values.count
        var rgb: [Float] = []
        for i in 0..<n { rgb += [values[i], values[(i + n / 3) % n], values[(i + 2 * n / 3) % n]] }
        return rgb
    }()

    static func lab(_ rgb: [Float], pixels: Range<Int>, kernel: Bool) -> [UInt32] {
        var out = [Float](repeating: .nan, count: rgb.count)
        rgb.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                if kernel {
                    LabColor.convert(src.baseAddress!, channels: 3, into: dst.baseAddress!, pixels: pixels)
                } else {
                    LabColor.convertOneByOne(src.baseAddress!, channels: 3, into: dst.baseAddress!, pixels: pixels)
                }
            }
        }
        return out.map(\.bitPattern)
    }

    @Test func theKernelMatchesTheLoopBitForBit() {
        let rgb = Self.samples
        let pixels = rgb.count / 3
        let withKernel = Self.lab(rgb, pixels: 0..<pixels, kernel: true)
        let oneByOne = Self.lab(rgb, pixels: 0..<pixels, kernel: false)
        let differing = (0..<rgb.count).filter { withKernel[$0] != oneByOne[$0] }
        #expect(differing.isEmpty, "\(differing.count) samples differ, first at \(differing.first ?? -1)")
    }

    /// Ranges that start anywhere and end anywhere (the kernel takes groups of four, the loop
    /// the rest) leave the pixels outside them alone.
    @Test func anyRangeOfPixels() {
        let rgb = Array(Self.samples.prefix(3 * 23))
        for start in 0..<6 {
            for end in start...23 {
                let withKernel = Self.lab(rgb, pixels: start..<end, kernel: true)
                let oneByOne = Self.lab(rgb, pixels: start..<end, kernel: false)
                let same = withKernel == oneByOne
                #expect(same, "pixels \(start)..<\(end)")
                #expect(withKernel[..<(3 * start)].allSatisfy { $0 == Float.nan.bitPattern }, "before \(start)")
            }
        }
    }

    #if arch(x86_64)
    /// On x86-64 the kernel does the work (a kernel that converted nothing would pass the
    /// tests above through the loop alone).
    @Test func theKernelConvertsGroupsOfFour() {
        var out = [Float](repeating: 0, count: 3 * 11)
        let rgb = [Float](repeating: 128, count: 3 * 11)
        let done = LabColor.linearTable.withUnsafeBufferPointer { lut in
            LabColor.fTable.withUnsafeBufferPointer { ft in
                cpk_lab_from_srgb(rgb, &out, 11, lut.baseAddress!, ft.baseAddress!)
            }
        }
        #expect(done == 8)
        #expect(out[0] > 53 && out[0] < 54)  // L* of sRGB 128 gray: 53.59
    }
    #endif
}
