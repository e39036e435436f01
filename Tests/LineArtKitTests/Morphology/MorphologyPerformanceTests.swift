import Foundation
import Testing
import LineArtKit

/// Prints timings only; never asserts on them. Enabled with LINEART_MORPH_PERF=1, e.g.
/// `LINEART_MORPH_PERF=1 swift test -c release -Xswiftc -enable-testing --filter MorphologyPerformance`
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LINEART_MORPH_PERF"] == "1"))
struct MorphologyPerformanceTests {
    static func milliseconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<7 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return best
    }

    @Test func closingCostIsIndependentOfKernel() {
        let m = MorphFixtures.randomLines(width: 1024, height: 1024, count: 400, seed: 42)
        var sink = 0
        for k in [1, 3, 7, 15] {
            let ms = Self.milliseconds { sink &+= Int(closeInkGaps(m, kernel: k).samples[512]) }
            print("PERF closeInkGaps 1024x1024 kernel \(k) (square \(k + 1)): \(String(format: "%.2f", ms)) ms")
        }
        for r in [1, 3, 7] {
            let ms = Self.milliseconds { sink &+= Int(closeInk(m, by: .disk(radius: r)).samples[512]) }
            print("PERF closeInk disk r=\(r): \(String(format: "%.2f", ms)) ms")
        }
        for t in [2, 3, 8] {
            let ms = Self.milliseconds { sink &+= Int(thickenInk(m, to: t).samples[512]) }
            print("PERF thickenInk \(t): \(String(format: "%.2f", ms)) ms")
        }
        let ms = Self.milliseconds { sink &+= Int(DistanceTransform.squaredEuclidean(m).samples[512]) }
        print("PERF squared EDT: \(String(format: "%.2f", ms)) ms  (sink \(sink))")
    }
}
