import Testing
@testable import LineArtKit

/// ``ContactRunsByPair`` gives each pair the total that adding its runs one by one, in scan
/// order, to a table of pairs gives (float sums included, bit for bit).
@Suite struct ContactRunsByPairTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func pairTotalsAreTheRunsAddedInScanOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let labels = 9
        var runs = ContactRunsByPair()
        var expected: [String: SegmentContact] = [:]
        for _ in 0..<2_000 {
            let a = Int32(random.next() % UInt64(labels))
            let b = (a + 1 + Int32(random.next() % UInt64(labels - 1))) % Int32(labels)
            let contact = SegmentContact(length: Int32(random.next() % 40) + 1,
                                         stepSum: Float(random.next() % 1_000_000) / 997)
            runs.append(a, b, contact)
            expected["\(min(a, b))-\(max(a, b))", default: SegmentContact()].add(contact)
        }
        var totals: [String: SegmentContact] = [:]
        var lowers: [Int32] = []
        runs.forEachPair(labelCount: labels) { a, b, total in
            #expect(a < b)
            #expect(totals["\(a)-\(b)"] == nil, "each pair once")
            totals["\(a)-\(b)"] = total
            lowers.append(a)
        }
        #expect(totals == expected)
        #expect(lowers == lowers.sorted(), "by increasing lower label")
    }
}
