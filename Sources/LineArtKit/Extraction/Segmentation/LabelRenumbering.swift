/// Labels renumbered `0..<k` in row-major order of their first pixel, and `k`. With
/// `mapping`, each label `l` first becomes `mapping[l]` (a merged segment's root), so the
/// segments a mapping joins get one number; labels no pixel carries vanish.
///
/// - Parameters:
///   - labels: values in `0..<count`.
///   - mapping: `count` values in `0..<count`, or nil for the labels as they are.
func renumberedInScanOrder(_ labels: [Int32], count: Int, mapping: [Int32]? = nil) -> (labels: [Int32], count: Int) {
    var number = [Int32](repeating: -1, count: count)
    var next: Int32 = 0
    var out = labels
    let identity = mapping == nil
    let mapping = mapping ?? []
    mapping.withUnsafeBufferPointer { mapping in
        number.withUnsafeMutableBufferPointer { number in
            out.withUnsafeMutableBufferPointer { lab in
                for i in 0..<lab.count {
                    let l = identity ? Int(lab[i]) : Int(mapping[Int(lab[i])])
                    if number[l] < 0 {
                        number[l] = next
                        next += 1
                    }
                    lab[i] = number[l]
                }
            }
        }
    }
    return (out, Int(next))
}
