import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct SVGWriterTests {
    /// Collects the attributes of each element.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((name, attributes))
        }
    }

    static func parse(_ bytes: [UInt8]) -> [(name: String, attributes: [String: String])]? {
        let parser = XMLParser(data: Data(bytes))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector.elements : nil
    }

    /// Reads `M x,y L x,y C x,y x,y x,y Z` path data back into closed paths.
    static func paths(fromPathData d: String) -> [ClosedPath] {
        var result: [ClosedPath] = []
        var current: ClosedPath?
        let scanner = Scanner(string: d)
        scanner.charactersToBeSkipped = CharacterSet(charactersIn: " ,\n")
        func point() -> VectorPoint {
            let x = scanner.scanDouble() ?? .nan, y = scanner.scanDouble() ?? .nan
            return VectorPoint(x, y)
        }
        while !scanner.isAtEnd {
            guard let command = scanner.scanCharacter() else { break }
            switch command {
            case "M": current = ClosedPath(start: point(), segments: [])
            case "L": current?.segments.append(.line(to: point()))
            case "C": current?.segments.append(.cubic(c1: point(), c2: point(), to: point()))
            case "Z": if let c = current { result.append(c) }; current = nil
            default: return []
            }
        }
        return result
    }

    @Test func wellFormedAndAreaMatchesTheRaster() throws {
        let page = VectorTestPages.drawing()
        let drawing = VectorTracer().trace(page)
        let svg = SVGWriter().write(drawing, layout: PageLayout(width: page.width, height: page.height, size: .none))
        let elements = try #require(Self.parse(svg))
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["viewBox"] == "0 0 160 120")
        let path = try #require(elements.first { $0.name == "path" })
        #expect(path.attributes["fill-rule"] == "nonzero")
        let parsed = Self.paths(fromPathData: try #require(path.attributes["d"]))
        #expect(parsed.count == drawing.paths.count)
        let area = parsed.reduce(0) { $0 + $1.signedArea(steps: 16) }
        let ink = Double(VectorTestPages.inkCount(page))
        #expect(abs(area - ink) / ink < 0.02)
    }

    @Test func a4PageInMillimetres() throws {
        let page = VectorTestPages.drawing()  // landscape
        let svg = SVGWriter().write(VectorTracer().trace(page), layout: PageLayout(width: 160, height: 120, size: .a4))
        let root = try #require(Self.parse(svg)?.first)
        #expect(root.attributes["width"] == "297mm")
        #expect(root.attributes["height"] == "210mm")
        #expect(root.attributes["viewBox"] == "0 0 841.89 595.28")
    }

    @Test func numberFormatting() {
        func text(_ v: Double) -> String {
            var out = [UInt8]()
            appendNumber(v, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(text(12.5) == "12.5")
        #expect(text(3) == "3")
        #expect(text(-0.25) == "-0.25")
        #expect(text(-0.001) == "0")
        #expect(text(841.889_76) == "841.89")
        #expect(text(0.05) == "0.05")
    }
}
