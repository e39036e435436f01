import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// The row-band-parallel morphology gives the same pages whatever the thread count.
@Suite struct MorphologyThreadsTests {
    @Test func morphologyDoesNotDependOnThreads() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let width = 173, height = 121
        var mask = ByteImage(width: width, height: height, repeating: 255)
        for i in mask.samples.indices {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            if state % 100 < 12 { mask.samples[i] = 0 }
        }
        func run(_ threads: Int) -> [ByteImage] {
            [closeInkGaps(mask, kernel: 1, threads: threads), closeInkGaps(mask, kernel: 3, threads: threads),
             closeInkGaps(mask, kernel: 9, threads: threads),
             thickenInk(mask, to: 3, threads: threads), thickenInk(mask, to: 6, threads: threads),
             erodeInk(mask, by: .disk(radius: 2), threads: threads),
             removeSmallObjects(mask, minArea: 5, threads: threads),
             mergeSmallRegions(mask, minArea: 60, thickness: 3, threads: threads),
             mergeSmallRegions(mask, minArea: 60, thickness: 3, fillBelow: 8, minPaperWidth: 6, eraseLooseInk: true,
                               threads: threads),
             // Its slivers are found on a second thread when there are two.
             mergeSmallRegions(SliverTests.page(), minArea: 100, thickness: 2, minPaperWidth: 4, eraseLooseInk: true,
                               threads: threads)]
        }
        let single = run(1)
        for threads in [2, 3] {
            let banded = run(threads)
            for (a, b) in zip(single, banded) { #expect(a.samples == b.samples, "threads \(threads)") }
        }
    }
}
