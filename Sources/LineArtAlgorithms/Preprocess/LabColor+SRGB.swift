import FoundationEssentials
import Glibc

extension LabColor {
    /// CIE L*a*b* (D65) back to 8-bit sRGB: the exact inverse of the formulas of
    /// ``labFromSRGB(_:threads:)`` (CIE 1976 to XYZ, the inverse sRGB matrix, the IEC
    /// 61966-2-1 transfer function), each channel rounded and clamped to `0...255`
    /// (colours outside the sRGB gamut are clipped).
    public static func srgb(l: Double, a: Double, b: Double) -> SRGBColour {
        let fy = (l + 16) / 116, fx = fy + a / 500, fz = fy - b / 200
        @inline(__always) func inverseF(_ t: Double) -> Double {
            t > 6.0 / 29 ? t * t * t : (t - 16.0 / 116) / 7.787037
        }
        let x = inverseF(fx) * 0.95047, y = inverseF(fy), z = inverseF(fz) * 1.08883
        let r = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z
        let g = -0.9692660 * x + 1.8760108 * y + 0.0415560 * z
        let bl = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z
        @inline(__always) func code(_ v: Double) -> UInt8 {
            let v = min(1, max(0, v))
            let encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
            return UInt8((encoded * 255).rounded())
        }
        return SRGBColour(red: code(r), green: code(g), blue: code(bl))
    }
}

/// An 8-bit sRGB colour, written in JSON as `"#rrggbb"` (lower-case hex).
public struct SRGBColour: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `"#rrggbb"`.
    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Reads `"#rrggbb"` (either case); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
              let value = UInt32(String(decoding: digits[1...], as: UTF8.self), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xff), blue: UInt8(value & 0xff))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let colour = SRGBColour(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a #rrggbb colour: \(text)")
        }
        self = colour
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
