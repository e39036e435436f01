/// The keys of the grid edges with a pixel flagged in `touchesSmall`, in the order of
/// ``SortedGridEdges/keys``: by bucket, then by key. `flagged` is the number of flagged
/// pixels (each lies on at most 8 edges).
struct SmallSegmentEdges {
    var keys: [UInt32]

    init(touchesSmall flag: UnsafePointer<UInt8>, flagged: Int, width: Int, height: Int,
         weights: UnsafePointer<UInt16>, buckets: Int) {
        let capacity = 8 * flagged
        let listed = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let listedBucket = UnsafeMutablePointer<UInt16>.allocate(capacity: capacity)
        let count = UnsafeMutablePointer<Int>.allocate(capacity: buckets + 1)
        defer { listed.deallocate(); listedBucket.deallocate(); count.deallocate() }
        count.initialize(repeating: 0, count: buckets + 1)
        var total = 0
        for y in 0..<height {
            let here = flag + y * width, below = here + width
            let hasBelow = y + 1 < height
            let rowWeights = weights + y * 4 * width
            /// Lists the edges of pixel x whose bits are set in `mask` (bit d: direction d,
            /// see SortedGridEdges), in key order, counting them by bucket.
            @inline(__always) func list(_ x: Int, _ mask: UInt8) {
                let key = UInt32(truncatingIfNeeded: (y * width + x) * 4)
                for d in 0..<4 where mask & (1 << d) != 0 {
                    let bucket = rowWeights[d * width + x]
                    listed[total] = key | UInt32(d)
                    listedBucket[total] = bucket
                    total &+= 1
                    count[Int(bucket)] &+= 1
                }
            }
            /// Which of pixel x's edges have a flagged pixel, one bit per direction.
            @inline(__always) func mask(_ x: Int) -> UInt8 {
                let right = x + 1 < width
                var m: UInt8 = right ? here[x] | here[x + 1] : 0
                if hasBelow {
                    m |= (here[x] | below[x]) << 1
                    if right { m |= (here[x] | below[x + 1]) << 2 }
                    if x > 0 { m |= (here[x] | below[x - 1]) << 3 }
                }
                return m
            }
            @inline(__always) func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
                UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            }
            // Eight pixels at a time where all their neighbours are on the row: one flag per
            // byte, so the masks of eight pixels are the eight bytes of one word (a flag is 0
            // or 1 and shifts by at most 3 within its byte).
            let first = mask(0)
            if first != 0 { list(0, first) }
            var x = 1
            while x + 8 < width {
                let h0 = word(here + x)
                var m = h0 | word(here + x + 1)
                if hasBelow {
                    m |= (h0 | word(below + x)) << 1 | (h0 | word(below + x + 1)) << 2 | (h0 | word(below + x - 1)) << 3
                }
                while m != 0 {
                    let k = m.trailingZeroBitCount / 8
                    list(x + k, UInt8(truncatingIfNeeded: m >> (8 * k)))
                    m &= ~(UInt64(0xff) << (8 * k))
                }
                x += 8
            }
            while x < width {
                let m = mask(x)
                if m != 0 { list(x, m) }
                x += 1
            }
        }
        // Counting sort by bucket; listed in increasing key order, so stable means by key too.
        var start = 0
        for b in 0...buckets {
            let c = count[b]
            count[b] = start
            start += c
        }
        keys = [UInt32](unsafeUninitializedCapacity: total) { sorted, initialized in
            for i in 0..<total {
                let b = Int(listedBucket[i])
                sorted[count[b]] = listed[i]
                count[b] &+= 1
            }
            initialized = total
        }
    }
}
