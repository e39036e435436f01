import LineArtImage

/// Marks where a label image changes: 1 on every pixel with a 4-neighbour of another label
/// (so both pixels of each horizontally or vertically adjacent pair with different labels),
/// 0 elsewhere. Pixels labelled `ignored` are never marked and change nothing next to them
/// (ink, label 0, between the paper regions of a page); pass a label the image does not use
/// (`Int32.min`) to take every label into account.
///
/// Each pixel reads only its neighbours, so row bands run on up to `threads` threads; the
/// result does not depend on it. Pixels
/// off the image edge read all four neighbours with no tests, so those rows vectorise;
/// inlined, so each caller's `ignored` is a constant there (called as a function, the rows
/// did not vectorise: 13.0M instructions for the two calls of a 768x432 page against 5.7M).
@inline(__always)
func markLabelChanges(_ labels: UnsafeBufferPointer<Int32>, width: Int, height: Int, ignoring ignored: Int32,
                      into mark: UnsafeMutablePointer<UInt8>, threads: Int) {
    guard width > 0, height > 0, let l = labels.baseAddress else { return }
    let out = SharedMutablePointer(base: mark)
    forEachRowBand(rows: height, threads: threads) { rows in
        let mark = out.base
        /// Whether `other`, beside a pixel of label `own`, makes it a change.
        @inline(__always) func changes(_ own: Int32, _ other: Int32) -> Bool { other != own && other != ignored }
        /// A pixel on the image edge, its neighbours tested one by one.
        @inline(__always) func edgePixel(_ x: Int, _ y: Int) {
            let i = y * width + x, own = l[i]
            let hit = (x + 1 < width && changes(own, l[i + 1])) || (x > 0 && changes(own, l[i - 1]))
                || (y + 1 < height && changes(own, l[i + width])) || (y > 0 && changes(own, l[i - width]))
            mark[i] = own != ignored && hit ? 1 : 0
        }
        /// `changes(own, other)` as a byte, with no branch.
        @inline(__always) func change(_ own: Int32, _ other: Int32) -> UInt8 {
            (other != own ? 1 : 0) & (other != ignored ? 1 : 0)
        }
        for y in rows {
            guard y > 0, y + 1 < height, width > 2 else {
                for x in 0..<width { edgePixel(x, y) }
                continue
            }
            let row = y * width
            edgePixel(0, y)
            for i in (row &+ 1)..<(row &+ width &- 1) {
                let own = l[i]
                let hit = change(own, l[i &+ 1]) | change(own, l[i &- 1]) | change(own, l[i &+ width])
                    | change(own, l[i &- width])
                mark[i] = (own != ignored ? 1 : 0) & hit
            }
            edgePixel(width - 1, y)
        }
    }
}
