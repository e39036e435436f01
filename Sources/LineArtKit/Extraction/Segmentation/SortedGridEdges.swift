import CPixelKernels

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
    /// The bucket of every edge, per row `y` as four runs of `width`, one per direction:
    /// edge `(y · width + x) · 4 + d` is in bucket `weights[(y · 4 + d) · width + x]`
    /// (`buckets` where the neighbour is off the image).
    let weights: [UInt16]

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
        let absent = UInt16(buckets)   // an extra, ignored bucket
        let edgeCount = n == 0 ? 0
            : (width - 1) * height + width * (height - 1) + 2 * (width - 1) * (height - 1)

        // Pass 1: the quantised weight of every (pixel, direction) slot, `absent` where the
        // neighbour is off the image, stored per row as four runs of `width` (one per
        // direction); each band counts its bucket sizes, one table per direction.
        let bandRanges = rowBandRanges(rows: height, threads: threads)
        var weights = [UInt16](unsafeUninitializedCapacity: n * 4) { _, count in count = n * 4 }
        let tables = 4 * (buckets + 1)
        var bandCounts = [Int32](repeating: 0, count: bandRanges.count * tables)
        image.samples.withUnsafeBufferPointer { px in
            weights.withUnsafeMutableBufferPointer { weights in
                bandCounts.withUnsafeMutableBufferPointer { bandCounts in
                    let wBase = SharedMutablePointer(base: weights.baseAddress!)
                    let cBase = SharedMutablePointer(base: bandCounts.baseAddress!)
                    forEachBand(count: bandRanges.count) { index in
                        let rows = bandRanges[index]
                        let counts = cBase.base + index * tables
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
                let counts = k * tables + b
                total += Int(bandCounts[counts]) + Int(bandCounts[counts + (buckets + 1)])
                    + Int(bandCounts[counts + 2 * (buckets + 1)]) + Int(bandCounts[counts + 3 * (buckets + 1)])
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
                        for y in rows {
                            let row = weights.baseAddress! + y * 4 * width
                            for x in 0..<width {
                                let key = (y * width + x) * 4
                                for direction in 0..<4 {
                                    let w = Int(row[direction * width + x])
                                    if w != Int(absent) {
                                        keys[cursor[w]] = UInt32(truncatingIfNeeded: key + direction)
                                        cursor[w] += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.keys = keys
        self.bucketStart = start
        self.weights = weights
    }
}

/// Pass 1 of ``SortedGridEdges`` on rows `rows`: for each row `y`, writes the quantised
/// weights of its pixels' edges in direction `d` to `weights[(y * 4 + d) * width ..< +width]`
/// (`absent` where the neighbour is off the image), then counts them into `counts`: four
/// tables of `buckets + 1` entries, one per direction (summed later), so that runs of equal
/// weights do not wait on one counter. Each direction is one pass over contiguous rows.
private func weighRows(_ rows: Range<Int>, px: UnsafeBufferPointer<Float>, weights: UnsafeMutablePointer<UInt16>,
                       counts: UnsafeMutablePointer<Int32>, width: Int, height: Int, channels: Int,
                       buckets: Int, quantum: Float, borderWeight: Float, band: Float, absent: UInt16) {
    let top = Float(buckets - 1)
    let px = px.baseAddress!
    let scale = UnsafeMutablePointer<Float>.allocate(capacity: width)
    defer { scale.deallocate() }
    // The scale by distance to the nearest image side (0 ..< min(width, height) / 2 + 1),
    // each worked out once.
    let distances = (min(width, height) + 1) / 2 + 1
    let scaleAt = UnsafeMutablePointer<Float>.allocate(capacity: distances)
    defer { scaleAt.deallocate() }
    for d in 0..<distances {
        let factor = borderWeight < 1 ? min(1, borderWeight + (1 - borderWeight) * Float(d) / band) : 1
        scaleAt[d] = quantum * factor
    }
    /// `min(buckets - 1, ⌊distance(a[i], b[i]) · scale[i]⌋)` for `i in 0..<count`: for three
    /// channels four edges at a time in `cpk_edge_weights_rgb` (SSE2; the compiler left the
    /// down-left run's loop scalar), then the loop (the floor and the conversion by
    /// ``WholeNumbers``, with no library call or range check).
    @inline(__always) func weigh(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ scale: UnsafePointer<Float>,
                                 _ out: UnsafeMutablePointer<UInt16>, _ count: Int) {
        if channels == 3 {
            for i in cpk_edge_weights_rgb(a, b, scale, out, count, top)..<count {
                let d0 = a[3 * i] - b[3 * i]
                let d1 = a[3 * i + 1] - b[3 * i + 1]
                let d2 = a[3 * i + 2] - b[3 * i + 2]
                var sum = d0 * d0
                sum += d1 * d1
                sum += d2 * d2
                out[i] = WholeNumbers.uint16(WholeNumbers.floor(min(top, sum.squareRoot() * scale[i])))
            }
        } else {
            for i in 0..<count {
                var sum: Float = 0
                for c in 0..<channels {
                    let diff = a[i * channels + c] - b[i * channels + c]
                    sum += diff * diff
                }
                out[i] = UInt16(min(top, sum.squareRoot() * scale[i]))
            }
        }
    }
    for y in rows {
        // Edges near the page edge count as weaker, so the surroundings of the
        // subject segment coarser than the middle of the picture.
        let dy = min(y, height - 1 - y)
        for x in 0..<width { scale[x] = scaleAt[min(dy, min(x, width - 1 - x))] }
        let here = px + y * width * channels, below = here + width * channels
        let right = weights + y * 4 * width, down = right + width
        let downRight = down + width, downLeft = downRight + width
        weigh(here, here + channels, scale, right, width - 1)
        right[width - 1] = absent
        if y + 1 < height {
            weigh(here, below, scale, down, width)
            weigh(here, below + channels, scale, downRight, width - 1)
            downRight[width - 1] = absent
            downLeft[0] = absent
            if width > 1 { weigh(here + channels, below, scale + 1, downLeft + 1, width - 1) }
        } else {
            for x in 0..<width { down[x] = absent; downRight[x] = absent; downLeft[x] = absent }
        }
        for direction in 0..<4 {
            let table = counts + direction * (buckets + 1), run = right + direction * width
            for x in 0..<width { table[Int(run[x])] &+= 1 }
        }
    }
}
