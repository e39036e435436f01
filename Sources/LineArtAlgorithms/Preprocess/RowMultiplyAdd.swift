/// `destination[j] += weight * source[j]` for `j` in `0..<count`, eight lanes at a time.
///
/// The compiler cannot vectorise the plain loop because the two pointers may alias; the
/// filters that call this never pass overlapping rows.
@inline(__always)
func multiplyAdd(into destination: UnsafeMutablePointer<Float>, _ source: UnsafePointer<Float>,
                 weight: Float, count: Int) {
    let lanes = SIMD8<Float>(repeating: weight)
    let d = UnsafeMutableRawPointer(destination), s = UnsafeRawPointer(source)
    var j = 0
    while j + 8 <= count {
        let offset = j * MemoryLayout<Float>.stride
        let sum = d.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            + lanes * s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
        d.storeBytes(of: sum, toByteOffset: offset, as: SIMD8<Float>.self)
        j += 8
    }
    while j < count {
        destination[j] += weight * source[j]
        j += 1
    }
}
