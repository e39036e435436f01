/// The shape a binary morphology operation slides over a mask.
///
/// ## Geometry
/// - `.square(size: s)`: an `s`×`s` block of offsets `{-a, …, s-1-a}²` with `a = (s-1)/2`
///   (integer division). An odd `s = 2r+1` is the centred `[-r, r]²`; an even `s` is
///   anchored half a pixel off-centre (`s = 2` is `{0, 1}²`, `s = 4` is `{-1, …, 2}²`).
///   Even sizes are allowed because they are what makes "kernel k" (below) exact for odd `k`;
///   in a closing or an opening the off-centre anchor cancels out (dilation uses the element,
///   erosion its reflection), so those results do not shift. A lone dilation or erosion by an
///   even square does shift by half a pixel. `size: 1` is the identity.
///   Computed with van Herk/Gil-Werman running extrema: O(1) per pixel for any size.
/// - `.disk(radius: r)`: all offsets with `dx² + dy² <= r²` (`r = 0` is the identity,
///   `r = 1` the 3×3 plus, `r = 2` a 5×5 with cut corners, …). Its extent along a row or a
///   column is always `2r + 1`. Computed from an exact Euclidean distance transform:
///   O(1) per pixel for any radius.
///
/// ## "Kernel k" for gap closing
/// The pipeline's "closing with kernel k" is `closeInk(mask, by: .gapClosing(kernel: k))`,
/// i.e. a closing with `.square(size: k + 1)`. Its defining property: **a straight gap of
/// `g` paper pixels between two line ends (along a row or a column) is sealed exactly when
/// `g <= k`**. In general a paper pixel becomes ink iff every `(k+1)`×`(k+1)` window that
/// contains it (and lies in the image) contains ink, so gaps are measured in the chessboard
/// metric: a diagonal gap between `(0,0)` and `(g+1,g+1)` counts as `g` too.
/// Kernel 0 is the identity; kernel 1 (2×2) seals 1-px micro-gaps and nothing wider.
///
/// Limits (tested, see GapClosingTests):
/// - On stair-stepped (diagonal or curved) stretches of a **1-px** line, a closing (square or
///   disk, any size) generally does not seal a gap: the element fits into a step's corner on
///   both sides of the line. Once strokes are >= 2 px wide gaps seal as specified, so in the
///   pipeline prefer closing after a light thickening (e.g. `thickenInk(_, to: 2 or 3)`).
/// - Borders (windows are clipped to the image, see BinaryMorphology.swift): a line end `g` px
///   from the left/top border is joined to it when `g <= k/2`, from the right/bottom border
///   when `g <= (k+1)/2` (integer division) — the frame acts like a line.
///
/// Why not odd squares or disks for kernel k: any element symmetric about a pixel has an odd
/// extent `2r+1` and seals gaps `g <= 2r`, so it can only express even `k`; in particular the
/// smallest one (3×3 or the radius-1 disk) already seals 2-px gaps, which kernel 1 must not.
public enum StructuringElement: Sendable, Hashable {
    /// `size`×`size` square; `size >= 1` (see the type's documentation for the anchor).
    case square(size: Int)
    /// Digital disk `dx² + dy² <= radius²`; `radius >= 0`.
    case disk(radius: Int)

    /// The element used for "closing with kernel k": `.square(size: k + 1)`, which seals
    /// gaps of up to `k` pixels. `kernel >= 0`.
    package static func gapClosing(kernel: Int) -> StructuringElement {
        precondition(kernel >= 0, "gap-closing kernel must be >= 0")
        return .square(size: kernel + 1)
    }

    /// True when the element leaves every mask unchanged (1×1 square, radius-0 disk).
    package var isIdentity: Bool {
        switch self {
        case .square(let size): return size == 1
        case .disk(let radius): return radius == 0
        }
    }

    /// The offsets of the element as `(dx, dy)` pairs, for tests and documentation.
    /// Dilating ink at `p` paints `p + (dx, dy)`.
    package var offsets: [(dx: Int, dy: Int)] {
        switch self {
        case .square(let size):
            precondition(size >= 1, "square size must be >= 1")
            let lo = -((size - 1) / 2)
            let hi = lo + size - 1
            var result: [(dx: Int, dy: Int)] = []
            result.reserveCapacity(size * size)
            for dy in lo...hi { for dx in lo...hi { result.append((dx, dy)) } }
            return result
        case .disk(let radius):
            precondition(radius >= 0, "disk radius must be >= 0")
            var result: [(dx: Int, dy: Int)] = []
            for dy in -radius...radius {
                for dx in -radius...radius where dx * dx + dy * dy <= radius * radius {
                    result.append((dx, dy))
                }
            }
            return result
        }
    }
}
