/// EXIF orientation (TIFF tag 0x0112): how the stored pixels must be transformed to look
/// upright, as a phone displays them.
public enum EXIFOrientation: Int, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// 1: stored upright.
    case up = 1
    /// 2: mirror left-right.
    case mirrorHorizontal = 2
    /// 3: rotate 180°.
    case rotate180 = 3
    /// 4: mirror top-bottom.
    case mirrorVertical = 4
    /// 5: transpose (mirror across the top-left/bottom-right diagonal).
    case transpose = 5
    /// 6: rotate 90° clockwise.
    case rotate90CW = 6
    /// 7: transverse (mirror across the top-right/bottom-left diagonal).
    case transverse = 7
    /// 8: rotate 270° clockwise (90° counter-clockwise).
    case rotate270CW = 8

    /// True for 5-8, whose upright image has width and height swapped.
    public var swapsDimensions: Bool { rawValue >= 5 }

    public var description: String { "\(rawValue)" }

    /// Reads IFD0 tag 0x0112 from an EXIF payload (the bytes after `Exif\0\0`: a TIFF header
    /// in either byte order). Every offset is bounds-checked; malformed data, a missing tag or a
    /// value outside 1...8, or an IFD0 that does not fit the payload returns nil (callers treat that as `.up`).
    public init?(exifPayload tiff: UnsafeRawBufferPointer) {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[at]), b = Int(tiff[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func u32(_ at: Int) -> Int? {
            guard let hi = u16(bigEndian ? at : at + 2), let lo = u16(bigEndian ? at + 2 : at) else { return nil }
            return hi << 16 | lo
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd),
              ifd + 2 + count * 12 <= tiff.count else { return nil }  // whole IFD0 must be present
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2) else { return nil }
            guard tag == 0x0112 else { continue }
            let value: Int?
            switch type {
            case 3: value = u16(entry + 8)  // SHORT, left-justified in the value field
            case 4: value = u32(entry + 8)  // LONG (non-standard but seen)
            default: value = nil
            }
            guard let raw = value, let orientation = EXIFOrientation(rawValue: raw) else { return nil }
            self = orientation
            return
        }
        return nil
    }

    /// `init(exifPayload:)` for an array.
    public init?(exifPayload bytes: [UInt8]) {
        guard let parsed = bytes.withUnsafeBytes({ EXIFOrientation(exifPayload: $0) }) else { return nil }
        self = parsed
    }
}
