import LineArtImage

/// Ink (0) on every pixel whose right or lower neighbour has another label; paper (255) elsewhere.
/// Row bands run on up to `threads` threads; the result does not depend on them.
func drawBoundaries(_ labels: [Int32], width: Int, height: Int, threads: Int) -> ByteImage {
    var page = ByteImage(width: width, height: height, repeating: 255)
    guard width > 0, height > 0 else { return page }
    labels.withUnsafeBufferPointer { lab in
        page.samples.withUnsafeMutableBufferPointer { out in
            let shared = SharedMutablePointer(base: out.baseAddress!)
            forEachRowBand(rows: height, threads: threads) { rows in
                let out = shared.base, l = lab.baseAddress!
                for y in rows {
                    // Branch-free over the row (it vectorises): the last column has no right
                    // neighbour, the last row no lower one.
                    let row = y * width, last = width - 1
                    if y + 1 < height {
                        for i in row..<(row &+ last) {
                            let differs: UInt8 = (l[i &+ 1] != l[i] ? 1 : 0) | (l[i &+ width] != l[i] ? 1 : 0)
                            out[i] = 255 &- 255 &* differs
                        }
                        out[row &+ last] = l[row &+ last &+ width] != l[row &+ last] ? 0 : 255
                    } else {
                        for i in row..<(row &+ last) { out[i] = l[i &+ 1] != l[i] ? 0 : 255 }
                    }
                }
            }
        }
    }
    return page
}
