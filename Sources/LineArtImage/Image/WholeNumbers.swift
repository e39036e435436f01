/// Whole-number steps on non-negative floats below 2²² that give exactly what
/// `Float.rounded(.down)`, `Float.rounded()` and `UInt8(_:)` give there, with plain float
/// arithmetic instead of library calls and range checks, so loops over them vectorise.
///
/// Adding 1.5·2²³ to such a float leaves it rounded to the nearest whole number (ties to
/// even) in the low bits of the sum's significand; subtracting it again gives that whole
/// number as a float.
package enum WholeNumbers {
    @usableFromInline static let magic: Float = 12_582_912

    /// `v.rounded(.down)` for `v` in `[0, 2²²)`: `v` rounded to the nearest whole number,
    /// less one where that rounded up.
    @inlinable @inline(__always)
    package static func floor(_ v: Float) -> Float {
        let r = (v + magic) - magic
        return r > v ? r - 1 : r
    }

    /// `v.rounded()` (halves away from zero) for `v` in `[0, 2²²)`; `v - ⌊v⌋` is exact there.
    @inlinable @inline(__always)
    package static func rounded(_ v: Float) -> Float {
        let down = floor(v)
        return v - down >= 0.5 ? down + 1 : down
    }

    /// `UInt8(whole)` for a whole number `whole` in `0...255`, read from the low bits of
    /// `whole + 1.5·2²³`.
    @inlinable @inline(__always)
    package static func byte(_ whole: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (whole + magic).bitPattern)
    }

    /// `UInt16(whole)` for a whole number `whole` in `0...65535`, read the same way.
    @inline(__always)
    static func uint16(_ whole: Float) -> UInt16 {
        UInt16(truncatingIfNeeded: (whole + magic).bitPattern)
    }
}
