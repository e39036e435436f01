import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// ``LabColor/srgb(l:a:b:)`` is the inverse of ``LabColor/labFromSRGB(_:threads:)``.
@Suite struct LabToSRGBTests {
    static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (Double, Double, Double) {
        let lab = LabColor.labFromSRGB(ByteImage(width: 1, height: 1, channels: 3, samples: [r, g, b]))
        return (Double(lab.samples[0]), Double(lab.samples[1]), Double(lab.samples[2]))
    }

    @Test func everyGreyAndAGridOfColoursComeBack() {
        var worst = 0
        var colours: [(UInt8, UInt8, UInt8)] = (0...255).map { (UInt8($0), UInt8($0), UInt8($0)) }
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) { colours.append((UInt8(r), UInt8(g), UInt8(b))) }
            }
        }
        for (r, g, b) in colours {
            let (l, a, bb) = Self.lab(r, g, b)
            let back = LabColor.srgb(l: l, a: a, b: bb)
            worst = max(worst, abs(Int(back.red) - Int(r)), abs(Int(back.green) - Int(g)), abs(Int(back.blue) - Int(b)))
        }
        #expect(worst <= 1)
    }

    @Test func knownColours() {
        #expect(LabColor.srgb(l: 100, a: 0, b: 0).description == "#ffffff")
        #expect(LabColor.srgb(l: 0, a: 0, b: 0).description == "#000000")
        // CIE L*a*b* of sRGB red (255, 0, 0): 53.24, 80.09, 67.20.
        #expect(LabColor.srgb(l: 53.24, a: 80.09, b: 67.20) == SRGBColour(red: 255, green: 0, blue: 0))
        // Out of gamut: clipped, not wrapped.
        #expect(LabColor.srgb(l: 50, a: 200, b: 0).green == 0)
        #expect(LabColor.srgb(l: 150, a: 0, b: 0).description == "#ffffff")
    }

    @Test func hexTextRoundTrips() throws {
        let colour = SRGBColour(red: 10, green: 171, blue: 255)
        #expect(colour.description == "#0aabff")
        #expect(SRGBColour(hex: "#0AABFF") == colour)
        for bad in ["0aabff", "#0aabf", "#0aabffa", "#0aabfg", ""] { #expect(SRGBColour(hex: bad) == nil, "\(bad)") }
    }
}
