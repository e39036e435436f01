import Testing
import LineArtKit

@Suite struct VanHerkGilWermanTests {
    static func bruteForce(_ x: [UInt8], before: Int, after: Int, max isMax: Bool) -> [UInt8] {
        x.indices.map { i in
            let window = x[max(0, i - before)...min(x.count - 1, i + after)]
            return isMax ? window.max()! : window.min()!
        }
    }

    @Test(arguments: [1, 2, 3, 7, 16, 33, 100])
    func runningExtremaMatchBruteForce(length: Int) {
        var rng = SplitMix64(seed: UInt64(length) &* 7919)
        let extents = [0, 1, 2, 3, 4, 5, 7, 8, 14, 15, 31, length - 1, length, length + 5, 3 * length]
        for trial in 0..<4 {
            // Mix of full-range bytes and binary rows.
            let row: [UInt8] = (0..<length).map { _ in
                trial % 2 == 0 ? UInt8.random(in: 0...255, using: &rng) : (Bool.random(using: &rng) ? 255 : 0)
            }
            for before in extents where before >= 0 {
                for after in extents where after >= 0 {
                    #expect(VanHerkGilWerman.runningMax(row, before: before, after: after)
                            == Self.bruteForce(row, before: before, after: after, max: true),
                            "max n=\(length) before=\(before) after=\(after)")
                    #expect(VanHerkGilWerman.runningMin(row, before: before, after: after)
                            == Self.bruteForce(row, before: before, after: after, max: false),
                            "min n=\(length) before=\(before) after=\(after)")
                }
            }
        }
    }

    @Test func windowOneIsIdentityAndEmptyInputIsEmpty() {
        let row: [UInt8] = [5, 0, 255, 17, 3]
        #expect(VanHerkGilWerman.runningMax(row, before: 0, after: 0) == row)
        #expect(VanHerkGilWerman.runningMin(row, before: 0, after: 0) == row)
        #expect(VanHerkGilWerman.runningMax([], before: 3, after: 3) == [])
    }

    @Test func windowLongerThanLineGivesGlobalExtremum() {
        let row: [UInt8] = [9, 4, 200, 1, 50]
        #expect(VanHerkGilWerman.runningMax(row, before: 10, after: 10) == [UInt8](repeating: 200, count: 5))
        #expect(VanHerkGilWerman.runningMin(row, before: 10, after: 10) == [UInt8](repeating: 1, count: 5))
    }
}
