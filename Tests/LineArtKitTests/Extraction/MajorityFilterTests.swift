import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `majorityFilter` against a plain per-pixel vote over the 3x3 window.
@Suite struct MajorityFilterTests {
    static func reference(_ labels: [Int32], width: Int, height: Int, passes: Int) -> [Int32] {
        var current = labels
        for _ in 0..<passes {
            var next = current
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    var votes: [Int32: Int] = [:]
                    for dy in -1...1 { for dx in -1...1 { votes[current[(y + dy) * width + x + dx], default: 0] += 1 } }
                    let own = current[y * width + x]
                    let top = votes.values.max()!
                    // The most votes; ties keep the pixel's own label, else the first in scan order.
                    if votes[own] == top { continue }
                    var chosen = own
                    scan: for dy in -1...1 {
                        for dx in -1...1 where votes[current[(y + dy) * width + x + dx]] == top {
                            chosen = current[(y + dy) * width + x + dx]
                            break scan
                        }
                    }
                    next[y * width + x] = chosen
                }
            }
            current = next
        }
        return current
    }

    @Test func matchesPlainVote() {
        var state: UInt64 = 12345
        let width = 57, height = 43
        for labelCount in [2, 3, 6] {
            // Blobs of labels with speckle, so that every vote path is taken.
            let labels: [Int32] = (0..<(width * height)).map { i in
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let blob = Int32(((i % width) / 7 + (i / width) / 5) % labelCount)
                return state % 5 == 0 ? Int32(state % UInt64(labelCount)) : blob
            }
            let expected = Self.reference(labels, width: width, height: height, passes: 3)
            for threads in [1, 2] {
                #expect(majorityFilter(labels, width: width, height: height, passes: 3, threads: threads) == expected)
            }
        }
    }

    /// Wide blobs with sparse speckle: runs of 8 pixels that all stay, next to runs where
    /// some pixels vote (the filter takes 8 pixels at a time where it can).
    @Test func matchesPlainVoteOnWideAreas() {
        var state: UInt64 = 987
        for (width, height) in [(83, 41), (64, 30), (10, 9)] {
            let labels: [Int32] = (0..<(width * height)).map { i in
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let blob = Int32(((i % width) / 19 + (i / width) / 11) % 3)
                return state % 41 == 0 ? Int32(state % 3) : blob
            }
            let expected = Self.reference(labels, width: width, height: height, passes: 3)
            #expect(majorityFilter(labels, width: width, height: height, passes: 3, threads: 1) == expected)
        }
    }

    @Test func aOnePixelSpurIsRemoved() {
        var labels = [Int32](repeating: 0, count: 10 * 10)
        for y in 0..<10 { for x in 5..<10 { labels[y * 10 + x] = 1 } }
        labels[5 * 10 + 4] = 1  // a spur of label 1 into label 0
        let smoothed = majorityFilter(labels, width: 10, height: 10, passes: 1, threads: 1)
        #expect(smoothed[5 * 10 + 4] == 0)
        #expect(smoothed[5 * 10 + 5] == 1)
    }
}
