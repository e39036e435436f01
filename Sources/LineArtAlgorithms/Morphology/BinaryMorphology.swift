import LineArtImage

// Binary morphology on line-art masks (1 channel, 0 = ink, 255 = paper), with the *ink* as
// the foreground: "dilate ink" grows strokes, "erode ink" thins them.
//
// ## Input
// Masks are expected to be binary (see `hardThreshold`). The square path computes running
// min/max of the samples, which is exact binary morphology on 0/255 input (gray input gives
// gray-level morphology). The disk path treats samples `< 128` as ink and always returns 0/255.
//
// ## Borders: the window is clipped to the image
// Pixels outside the image never take part:
// - dilating ink, outside behaves as **paper**: ink never grows in from beyond the border;
// - eroding ink, outside behaves as **ink** (it is ignored): a stroke touching the border
//   is not eaten from the border side.
// Treating outside as paper for the erosion too would make `closeInk` remove ink along the
// border (a 1-px stroke on row 0 would vanish), breaking extensivity. With clipping, dilation
// and erosion are adjoint on the image domain, so `closeInk` is a true closing (extensive:
// every input ink pixel stays ink; idempotent) and `openInk` a true opening (anti-extensive,
// idempotent), for both element shapes.
//
// ## Cost
// O(1) per pixel whatever the element size: squares use separable van Herk/Gil-Werman
// running extrema (rows, then columns in cache-friendly strips); disks mark what lies within
// the radius of the foreground (exact Euclidean distance, see DiskReach.swift).

/// Grows the ink by `element`: a pixel becomes ink if the element placed on it (reflected)
/// covers an ink pixel. See `StructuringElement` for the shapes. `threads` run row bands in
/// parallel (the result does not depend on it), here and in the other operations below.
package func dilateInk(_ mask: ByteImage, by element: StructuringElement, threads: Int = 1) -> ByteImage {
    precondition(mask.channels == 1, "morphology needs a 1-channel mask")
    switch element {
    case .square(let size):
        precondition(size >= 1, "square size must be >= 1")
        let a = (size - 1) / 2
        // Ink (0) spreads: running min. Window for offsets {-a ... size-1-a} reflected.
        return squareFilter(MinOp.self, mask, before: size - 1 - a, after: a, threads: threads)
    case .disk(let radius):
        precondition(radius >= 0, "disk radius must be >= 0")
        return diskThreshold(mask, radius: radius, growInk: true, threads: threads)
    }
}

/// Shrinks the ink by `element`: an ink pixel stays ink only if the element placed on it
/// covers nothing but ink (parts of the element outside the image are ignored).
package func erodeInk(_ mask: ByteImage, by element: StructuringElement, threads: Int = 1) -> ByteImage {
    precondition(mask.channels == 1, "morphology needs a 1-channel mask")
    switch element {
    case .square(let size):
        precondition(size >= 1, "square size must be >= 1")
        let a = (size - 1) / 2
        // Paper (255) spreads: running max. Window for offsets {-a ... size-1-a}.
        return squareFilter(MaxOp.self, mask, before: a, after: size - 1 - a, threads: threads)
    case .disk(let radius):
        precondition(radius >= 0, "disk radius must be >= 0")
        return diskThreshold(mask, radius: radius, growInk: false, threads: threads)
    }
}

/// Closing of the ink: dilate ink, then erode ink with the same element. Seals gaps and
/// fills notches narrower than the element; never removes ink (extensive) and is idempotent.
/// With `.gapClosing(kernel: k)` it seals line gaps of up to `k` pixels.
public func closeInk(_ mask: ByteImage, by element: StructuringElement, threads: Int = 1) -> ByteImage {
    if element.isIdentity { return mask }
    return erodeInk(dilateInk(mask, by: element, threads: threads), by: element, threads: threads)
}

/// "Closing with kernel k": `closeInk(mask, by: .gapClosing(kernel: k))` — seals gaps of up
/// to `k` pixels between line ends (kernel 0 = unchanged, kernel 1 = 1-px micro-gaps).
public func closeInkGaps(_ mask: ByteImage, kernel: Int, threads: Int = 1) -> ByteImage {
    closeInk(mask, by: .gapClosing(kernel: kernel), threads: threads)
}

/// Opening of the ink: erode ink, then dilate ink with the same element. Removes ink features
/// the element does not fit in (thin strokes, specks); never adds ink; idempotent.
package func openInk(_ mask: ByteImage, by element: StructuringElement, threads: Int = 1) -> ByteImage {
    if element.isIdentity { return mask }
    return dilateInk(erodeInk(mask, by: element, threads: threads), by: element, threads: threads)
}

// MARK: - Implementations

/// Separable square filter: rows then columns, one scratch plane allocated per call, on
/// row bands of up to `threads` threads (the result does not depend on it).
func squareFilter<Op: ExtremumOp>(
    _ op: Op.Type, _ mask: ByteImage, before: Int, after: Int, threads: Int
) -> ByteImage {
    let w = mask.width, h = mask.height
    if before == 0 && after == 0 || w == 0 || h == 0 { return mask }
    var out = ByteImage(width: w, height: h, repeating: 0)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
    defer { scratch.deallocate() }
    mask.samples.withUnsafeBufferPointer { src in
        out.samples.withUnsafeMutableBufferPointer { dst in
            VanHerkGilWerman.filterRows(Op.self, src: src.baseAddress!, dst: scratch,
                                        width: w, height: h, before: before, after: after, threads: threads)
            VanHerkGilWerman.filterColumns(Op.self, src: scratch, dst: dst.baseAddress!,
                                           width: w, height: h, before: before, after: after, threads: threads)
        }
    }
    return out
}

/// Disk morphology: which pixels lie within `radius` of ink (dilation) or of paper (erosion),
/// by ``markWithinDisk(_:targets:width:height:radius:out:threads:)`` (the exact distance transform for
/// radii of 255 and more).
/// - growInk: ink where the squared distance to the nearest ink is `<= r²` (dilation).
/// - otherwise: paper where the squared distance to the nearest paper is `<= r²` (erosion;
///   only paper inside the image counts, so outside acts as ink).
private func diskThreshold(_ mask: ByteImage, radius: Int, growInk: Bool, threads: Int) -> ByteImage {
    let w = mask.width, h = mask.height
    var out = ByteImage(width: w, height: h, repeating: 0)
    guard w > 0, h > 0 else { return out }
    let (hit, miss): (UInt8, UInt8) = growInk ? (0, 255) : (255, 0)
    mask.samples.withUnsafeBufferPointer { src in
        out.samples.withUnsafeMutableBufferPointer { dst in
            if radius < 255 {
                markWithinDisk(src.baseAddress!, targets: growInk ? 0...127 : 128...255, width: w, height: h,
                               radius: radius, out: dst.baseAddress!, threads: threads)
                for i in 0..<(w * h) { dst[i] = dst[i] != 0 ? hit : miss }
                return
            }
            let r2 = Int32(clamping: radius * radius)
            let distances = UnsafeMutablePointer<Int32>.allocate(capacity: w * h)
            defer { distances.deallocate() }
            if growInk {
                DistanceTransform.compute(width: w, height: h, out: distances) { src[$0] < 128 }
            } else {
                DistanceTransform.compute(width: w, height: h, out: distances) { src[$0] >= 128 }
            }
            for i in 0..<(w * h) {
                let d = distances[i]
                dst[i] = d != DistanceTransform.unreachable && d <= r2 ? hit : miss
            }
        }
    }
    return out
}
