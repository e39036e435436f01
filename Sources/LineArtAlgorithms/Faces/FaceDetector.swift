import LineArtImage

/// A face found by ``detectFaces(in:cascade:minSize:maxSize:minNeighbours:threads:)`` or
/// ``detectTiltedFaces(in:tilts:minSize:minNeighbours:threads:)``: a square of side `size`
/// in the pixels of the image searched, turned by `tilt` about its centre.
public struct FaceBox: Sendable, Equatable, Codable {
    /// Top-left corner of the square before it is turned.
    public var x: Int
    public var y: Int
    public var size: Int
    /// How many detection windows (over positions and scales) the box stands for.
    public var neighbours: Int
    /// Degrees the face is turned by, clockwise on the page (y grows downward); 0 upright.
    public var tilt: Double

    public init(x: Int, y: Int, size: Int, neighbours: Int, tilt: Double = 0) {
        self.x = x
        self.y = y
        self.size = size
        self.neighbours = neighbours
        self.tilt = tilt
    }

    /// Whether `other` is the same face: their centres closer than half the larger side
    /// along each axis.
    package func isSameFace(as other: FaceBox) -> Bool {
        abs(other.x + other.size / 2 - (x + size / 2)) * 2 < max(size, other.size)
            && abs(other.y + other.size / 2 - (y + size / 2)) * 2 < max(size, other.size)
    }
}

/// Scale step between the window sizes searched.
let scaleStep = 1.1
/// Step of the sliding window in pixels of the cascade's window (scaled with it).
let windowStep = 2.0
/// Windows a face needs behind it (OpenCV's `minNeighbors`, its default): textures that
/// pass the cascade once or twice (leaves, fur, brick) are not taken for faces.
package let faceNeighbours = 3

/// Frontal faces in a gray image, found with an LBP cascade as OpenCV's `detectMultiScale`
/// does, but with the cascade scaled instead of the image (Viola and Jones 2004).
///
/// Window sides grow by factors 1.1ⁱ from the cascade's 24 pixels; the feature blocks grow
/// with them (rounded, so a block's sum over the integral image stands for one pixel of the
/// shrunk image that OpenCV would scan). At each size the window slides in steps of 2 window
/// pixels (rounded). Windows that pass every stage are grouped as OpenCV's `groupRectangles`
/// does with eps 0.2: windows whose four sides lie within `0.2 · (smaller size)` of each other
/// join one cluster; a cluster of more than `minNeighbours` windows gives the box of their mean
/// sides; a box inside a box with more windows (by 0.2 of its size) is dropped.
/// - Parameters:
///   - gray: 1-channel, 0 black to 255 white.
///   - minSize, maxSize: the sides of the faces searched for, in pixels of `gray`.
///   - threads: threads sharing each size's rows of windows (the result does not depend on it).
/// - Returns: the boxes, largest first.
package func detectFaces(in gray: ByteImage, cascade: FrontalFaceCascade = .openCVFrontalFace,
                        minSize: Int, maxSize: Int = .max, minNeighbours: Int, threads: Int = 1) -> [FaceBox] {
    precondition(gray.channels == 1, "face detection needs a gray image")
    let integral = integralImage(gray)
    let stride = gray.width + 1
    var windows = [(x: Int, y: Int, size: Int)]()
    var factor: Double = 1
    cascade.withTables { tables in
        integral.withUnsafeBufferPointer { s in
            while true {
                let side = Int((Double(cascade.windowSize) * factor).rounded())
                if side > min(gray.width, gray.height, maxSize) { break }
                if side >= minSize {
                    let step = max(1, Int((windowStep * factor).rounded()))
                    let offsets = cascade.gridOffsets(stride: stride, scale: factor)
                    let bands = rowBandRanges(rows: (gray.height - side) / step + 1, threads: threads)
                    let found = offsets.withUnsafeBufferPointer { o in
                        mapBands(count: bands.count, threads: threads) { band in
                            var hits = [(x: Int, y: Int, size: Int)]()
                            // The windows of up to 16 rows at a time: the kernel's lists stay
                            // long through the later stages, where few windows are left.
                            let columns = (gray.width - side) / step + 1, rowsAtOnce = 16
                            withUnsafeTemporaryAllocation(of: Int.self, capacity: columns * rowsAtOnce) { origins in
                                for first in Swift.stride(from: bands[band].lowerBound, to: bands[band].upperBound,
                                                          by: rowsAtOnce) {
                                    var count = 0
                                    for row in first..<min(first + rowsAtOnce, bands[band].upperBound) {
                                        for column in 0..<columns {
                                            origins[count] = row * step * stride + column * step
                                            count += 1
                                        }
                                    }
                                    let kept = tables.keepAccepted(s.baseAddress!, origins: origins.baseAddress!,
                                                                   count: count, offsets: o.baseAddress!)
                                    for origin in origins[..<kept] {
                                        hits.append((origin % stride, origin / stride, side))
                                    }
                                }
                            }
                            return hits
                        }
                    }
                    windows += found.joined()
                }
                factor *= scaleStep
            }
        }
    }
    return groupWindows(windows, minNeighbours: minNeighbours)
}

/// OpenCV's `groupRectangles` (eps 0.2) on square windows; see
/// ``detectFaces(in:cascade:minSize:maxSize:minNeighbours:threads:)``.
func groupWindows(_ windows: [(x: Int, y: Int, size: Int)], minNeighbours: Int) -> [FaceBox] {
    let eps = 0.2
    var parent = Array(windows.indices)
    func root(_ i: Int) -> Int {
        var i = i
        while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
        return i
    }
    for i in windows.indices {
        for j in windows.indices where j > i {
            let a = windows[i], b = windows[j]
            let delta = eps * Double(min(a.size, b.size))
            if Double(abs(a.x - b.x)) <= delta && Double(abs(a.y - b.y)) <= delta
                && Double(abs(a.x + a.size - b.x - b.size)) <= delta
                && Double(abs(a.y + a.size - b.y - b.size)) <= delta {
                let ra = root(i), rb = root(j)
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
    }
    var sums = [Int: (x: Int, y: Int, size: Int, count: Int)]()
    for (i, w) in windows.enumerated() {
        let s = sums[root(i), default: (0, 0, 0, 0)]
        sums[root(i)] = (s.x + w.x, s.y + w.y, s.size + w.size, s.count + 1)
    }
    let boxes = sums.keys.sorted().compactMap { key -> FaceBox? in
        let s = sums[key]!
        guard s.count > minNeighbours else { return nil }
        let n = Double(s.count)
        return FaceBox(x: Int((Double(s.x) / n).rounded()), y: Int((Double(s.y) / n).rounded()),
                       size: Int((Double(s.size) / n).rounded()), neighbours: s.count)
    }
    let kept = boxes.filter { inner in
        !boxes.contains { outer in
            let margin = Int(Double(outer.size) * eps)
            return outer != inner
                && inner.x >= outer.x - margin && inner.y >= outer.y - margin
                && inner.x + inner.size <= outer.x + outer.size + margin
                && inner.y + inner.size <= outer.y + outer.size + margin
                && (outer.neighbours > max(3, inner.neighbours) || inner.neighbours < 3)
        }
    }
    return kept.sorted { ($0.size, $0.neighbours) > ($1.size, $1.neighbours) }
}

/// A lightness plane (`0...1`) as gray bytes (`0...255`, rounded), the detector's input.
package func grayBytes(_ lightness: FloatImage) -> ByteImage {
    let n = lightness.samples.count
    let bytes = [UInt8](unsafeUninitializedCapacity: n) { out, initialized in
        lightness.samples.withUnsafeBufferPointer { l in
            for i in 0..<n { out[i] = WholeNumbers.byte(WholeNumbers.floor(min(255, max(0, l[i] * 255 + 0.5)))) }
        }
        initialized = n
    }
    return ByteImage(width: lightness.width, height: lightness.height, channels: lightness.channels, samples: bytes)
}

/// `(width + 1) × (height + 1)` running sums: entry `(x, y)` is the sum of the pixels above row
/// `y` and left of column `x`, modulo 2³² (wrapping), so pictures of any size work: a block's
/// sum, taken as a difference of four entries with wrapping arithmetic, is exact as long as the
/// block itself sums to less than 2³¹.
func integralImage(_ gray: ByteImage) -> [Int32] {
    let w = gray.width, h = gray.height, stride = w + 1
    var sums = [Int32](repeating: 0, count: stride * (h + 1))
    sums.withUnsafeMutableBufferPointer { s in
        gray.samples.withUnsafeBufferPointer { g in
            for y in 0..<h {
                var rowSum: Int32 = 0
                let pixels = g.baseAddress! + y * w
                let above = s.baseAddress! + y * stride + 1, here = above + stride
                for x in 0..<w {
                    rowSum &+= Int32(pixels[x])
                    here[x] = above[x] &+ rowSum
                }
            }
        }
    }
    return sums
}
