/// The edges of the pixel grid graph that ``graphSegmentation(_:scale:minSize:borderWeight:borderBand:threads:)``
/// walks, sorted by quantised weight into one packed array.
///
/// Each pixel `p` links to up to four neighbours, numbered by direction:
/// 0 right (`p + 1`), 1 down (`p + width`), 2 down-right (`p + width + 1`),
/// 3 down-left (`p + width - 1`). An edge is stored as the key `p * 4 + direction`
/// (a `UInt32`), so the union-find pass reads a single sequential stream; the weight of
/// an edge is not stored but implied by its bucket: the keys of bucket `b` (weight
/// `b / quantum`) are `keys[bucketStart[b] ..< bucketStart[b + 1]]`.
///
/// Within a bucket the keys are in increasing order, which is the order the edges were
/// listed in (row-major pixels, then direction): a stable sort, whatever the thread count.
struct SortedGridEdges {
    /// Packed edge keys `p * 4 + direction`, in increasing bucket, then increasing key.
    var keys: [UInt32]
    /// `buckets + 1` offsets into `keys`; bucket `b` is `bucketStart[b] ..< bucketStart[b + 1]`.
    var bucketStart: [Int]
    /// Offset from `p` to the neighbour in each direction: `[1, width, width + 1, width - 1]`.
    let neighbourOffset: [Int]

    /// Weighs and sorts every edge of `image`'s grid.
    ///
    /// The weight of an edge is the Euclidean distance of its two pixels' colours, times a
    /// border factor of the first pixel: `min(1, borderWeight + (1 - borderWeight) · d / band)`
    /// with `d` its distance to the nearest image side (1 everywhere when `borderWeight >= 1`).
    /// It is quantised to `min(buckets - 1, ⌊weight · quantum⌋)`.
    ///
    /// Rows are split into bands weighed on up to `threads` threads; each band counts its
    /// own bucket sizes, and bands scatter their keys to disjoint, precomputed slots, so the
    /// result is the same for every thread count.
    init(_ image: FloatImage, buckets: Int, quantum: Float, borderWeight: Float, band: Float, threads: Int) {
        let width = image.width, height = image.height, channels = image.channels
        let n = width * height
        precondition(n * 4 <= Int(UInt32.max), "image too large for packed edge keys")
        precondition(buckets < Int(UInt16.max), "too many buckets")
        neighbourOffset = [1, width, width + 1, width - 1]
        let absent = UInt16.max
        let edgeCount = n == 0 ? 0
            : (width - 1) * height + width * (height - 1) + 2 * (width - 1) * (height - 1)

        // Pass 1: the quantised weight of every (pixel, direction) slot, `absent` where the
        // neighbour is off the image; each band counts its bucket sizes.
        let bandRanges = rowBandRanges(rows: height, threads: threads)
        var weights = [UInt16](unsafeUninitializedCapacity: n * 4) { _, count in count = n * 4 }
        var bandCounts = [Int](repeating: 0, count: bandRanges.count * buckets)
        image.samples.withUnsafeBufferPointer { px in
            weights.withUnsafeMutableBufferPointer { weights in
                bandCounts.withUnsafeMutableBufferPointer { bandCounts in
                    let wBase = SharedMutablePointer(base: weights.baseAddress!)
                    let cBase = SharedMutablePointer(base: bandCounts.baseAddress!)
                    forEachBand(count: bandRanges.count) { index in
                        let rows = bandRanges[index]
                        let counts = UnsafeMutableBufferPointer(start: cBase.base + index * buckets, count: buckets)
                        weighRows(rows, px: px, weights: wBase.base, counts: counts, width: width, height: height,
                                  channels: channels, buckets: buckets, quantum: quantum,
                                  borderWeight: borderWeight, band: band, absent: absent)
                    }
                }
            }
        }

        // Bucket offsets, and each band's first slot within each bucket.
        var start = [Int](repeating: 0, count: buckets + 1)
        var bandCursor = [Int](repeating: 0, count: bandRanges.count * buckets)
        var total = 0
        for b in 0..<buckets {
            start[b] = total
            for k in 0..<bandRanges.count {
                bandCursor[k * buckets + b] = total
                total += bandCounts[k * buckets + b]
            }
        }
        start[buckets] = total
        assert(total == edgeCount)

        // Pass 2: scatter the keys, each band into its own slots.
        var keys = [UInt32](unsafeUninitializedCapacity: edgeCount) { _, count in count = edgeCount }
        weights.withUnsafeBufferPointer { weights in
            keys.withUnsafeMutableBufferPointer { keys in
                bandCursor.withUnsafeMutableBufferPointer { bandCursor in
                    let kBase = SharedMutablePointer(base: keys.baseAddress!)
                    let cBase = SharedMutablePointer(base: bandCursor.baseAddress!)
                    forEachBand(count: bandRanges.count) { index in
                        let rows = bandRanges[index]
                        let cursor = cBase.base + index * buckets
                        let keys = kBase.base
                        for slot in (rows.lowerBound * width * 4)..<(rows.upperBound * width * 4) {
                            let w = weights[slot]
                            if w != absent {
                                keys[cursor[Int(w)]] = UInt32(truncatingIfNeeded: slot)
                                cursor[Int(w)] += 1
                            }
                        }
                    }
                }
            }
        }
        self.keys = keys
        self.bucketStart = start
    }
}

/// Pass 1 of ``SortedGridEdges`` on rows `rows`: writes the quantised weight of each
/// (pixel, direction) slot, or `absent`, and counts the present ones per bucket.
@inline(__always)
private func weighRows(_ rows: Range<Int>, px: UnsafeBufferPointer<Float>, weights: UnsafeMutablePointer<UInt16>,
                       counts: UnsafeMutableBufferPointer<Int>, width: Int, height: Int, channels: Int,
                       buckets: Int, quantum: Float, borderWeight: Float, band: Float, absent: UInt16) {
    let top = Float(buckets - 1)
    for y in rows {
        let dy = min(y, height - 1 - y)
        let hasDown = y + 1 < height
        for x in 0..<width {
            let p = y * width + x
            // Edges near the page edge count as weaker, so the surroundings of the
            // subject segment coarser than the middle of the picture.
            let d = Float(min(dy, min(x, width - 1 - x)))
            let factor = borderWeight < 1 ? min(1, borderWeight + (1 - borderWeight) * d / band) : 1
            let scale = quantum * factor
            @inline(__always) func weigh(_ q: Int) -> UInt16 {
                var sum: Float
                if channels == 3 {
                    let d0 = px[p * 3] - px[q * 3]
                    let d1 = px[p * 3 + 1] - px[q * 3 + 1]
                    let d2 = px[p * 3 + 2] - px[q * 3 + 2]
                    sum = d0 * d0
                    sum += d1 * d1
                    sum += d2 * d2
                } else {
                    sum = 0
                    for c in 0..<channels {
                        let diff = px[p * channels + c] - px[q * channels + c]
                        sum += diff * diff
                    }
                }
                let w = UInt16(min(top, sum.squareRoot() * scale))
                counts[Int(w)] += 1
                return w
            }
            let slot = weights + p * 4
            slot[0] = x + 1 < width ? weigh(p + 1) : absent
            slot[1] = hasDown ? weigh(p + width) : absent
            slot[2] = hasDown && x + 1 < width ? weigh(p + width + 1) : absent
            slot[3] = hasDown && x > 0 ? weigh(p + width - 1) : absent
        }
    }
}
