import LineArtImage

/// Thins the ink of a mask (0 = ink, 255 = paper) to 8-connected lines one pixel wide
/// (Zhang & Suen, "A fast parallel algorithm for thinning digital patterns", CACM 1984).
///
/// Each iteration has two sub-passes; a sub-pass marks every ink pixel with 2...6 ink
/// neighbours, exactly one paper-to-ink transition around it (so removing it keeps the
/// stroke connected), and paper on its east or south side (first sub-pass: P2·P4·P6 = 0
/// and P4·P6·P8 = 0) or on its north or west side (second: P2·P4·P8 = 0, P2·P6·P8 = 0), then
/// removes the marked pixels at once. Iterations stop when nothing changes. Outside the
/// image counts as paper. Strokes keep their length and topology; their ends shorten by
/// at most a pixel or two.
package func thinInk(_ mask: ByteImage) -> ByteImage {
    precondition(mask.channels == 1, "thinning needs a 1-channel mask")
    let w = mask.width, h = mask.height
    guard w > 0, h > 0 else { return mask }
    // Ink flags with a one-pixel paper frame, so neighbours need no bounds checks.
    let pw = w + 2
    var ink = [UInt8](repeating: 0, count: pw * (h + 2))
    for y in 0..<h {
        for x in 0..<w where mask[x, y] < 128 { ink[(y + 1) * pw + x + 1] = 1 }
    }
    var marked = [Int]()
    ink.withUnsafeMutableBufferPointer { p in
        var changed = true
        while changed {
            changed = false
            for step in 0..<2 {
                marked.removeAll(keepingCapacity: true)
                for y in 1...h {
                    for x in 1...w {
                        let i = y * pw + x
                        guard p[i] != 0 else { continue }
                        // P2 (north), clockwise to P9 (north-west).
                        let p2 = p[i - pw], p3 = p[i - pw + 1], p4 = p[i + 1], p5 = p[i + pw + 1]
                        let p6 = p[i + pw], p7 = p[i + pw - 1], p8 = p[i - 1], p9 = p[i - pw - 1]
                        let count = Int(p2) + Int(p3) + Int(p4) + Int(p5) + Int(p6) + Int(p7) + Int(p8) + Int(p9)
                        guard count >= 2 && count <= 6 else { continue }
                        var transitions = 0
                        if p2 == 0 && p3 != 0 { transitions += 1 }
                        if p3 == 0 && p4 != 0 { transitions += 1 }
                        if p4 == 0 && p5 != 0 { transitions += 1 }
                        if p5 == 0 && p6 != 0 { transitions += 1 }
                        if p6 == 0 && p7 != 0 { transitions += 1 }
                        if p7 == 0 && p8 != 0 { transitions += 1 }
                        if p8 == 0 && p9 != 0 { transitions += 1 }
                        if p9 == 0 && p2 != 0 { transitions += 1 }
                        guard transitions == 1 else { continue }
                        if step == 0 {
                            guard p2 & p4 & p6 == 0 && p4 & p6 & p8 == 0 else { continue }
                        } else {
                            guard p2 & p4 & p8 == 0 && p2 & p6 & p8 == 0 else { continue }
                        }
                        marked.append(i)
                    }
                }
                for i in marked { p[i] = 0 }
                if !marked.isEmpty { changed = true }
            }
        }
    }
    var out = ByteImage(width: w, height: h, repeating: 255)
    for y in 0..<h {
        for x in 0..<w where ink[(y + 1) * pw + x + 1] != 0 { out[x, y] = 0 }
    }
    return out
}
