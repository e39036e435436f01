import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct PDFWriterTests {
    /// Checks the structure and returns the MediaBoxes of the pages, in object order.
    static func checkStructure(_ pdf: [UInt8]) throws -> [[Double]] {
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        // startxref points at the xref table.
        let startxref = try #require(text.range(of: "startxref\n", options: .backwards))
        let xrefOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        let bytes = Array(pdf)
        #expect(String(decoding: bytes[xrefOffset..<(xrefOffset + 5)], as: UTF8.self) == "xref\n")
        // Every in-use entry points at "N 0 obj".
        let table = String(decoding: bytes[xrefOffset...], as: UTF8.self).split(separator: "\n")
        let header = table[1].split(separator: " ")
        let count = try #require(Int(header[1]))
        #expect(table[2] == "0000000000 65535 f ")
        for number in 1..<count {
            let entry = table[2 + number]
            #expect(entry.count == 19)  // + "\n" = the 20-byte entry
            let offset = try #require(Int(entry.prefix(10)))
            let expected = Array("\(number) 0 obj".utf8)
            #expect(Array(bytes[offset..<(offset + expected.count)]) == expected)
        }
        #expect(text.contains("trailer\n<< /Size \(count) /Root 1 0 R >>"))
        // Stream lengths match.
        var boxes: [[Double]] = []
        var search = text.startIndex
        while let r = text.range(of: "/MediaBox [", range: search..<text.endIndex) {
            let end = text[r.upperBound...].firstIndex(of: "]")!
            boxes.append(text[r.upperBound..<end].split(separator: " ").compactMap { Double($0) })
            search = end
        }
        return boxes
    }

    @Test func a4PortraitAndLandscape() throws {
        var tall = VectorTestPages.blank(60, 100)
        VectorTestPages.disc(&tall, cx: 30, cy: 50, r: 20)
        let portrait = PDFWriter().write(VectorTracer().trace(tall), layout: PageLayout(width: 60, height: 100, size: .a4))
        #expect(try Self.checkStructure(portrait) == [[0, 0, 595.28, 841.89]])
        let wide = VectorTestPages.drawing()
        let landscape = PDFWriter().write(VectorTracer().trace(wide), layout: PageLayout(width: 160, height: 120, size: .a4))
        #expect(try Self.checkStructure(landscape) == [[0, 0, 841.89, 595.28]])
    }

    @Test func letterBookletHasOnePagePerDrawing() throws {
        let drawing = VectorTracer().trace(VectorTestPages.drawing())
        let layout = PageLayout(width: 60, height: 100, size: .letter)
        let pdf = PDFWriter(compressStreams: false).write(pages: [(drawing, layout), (drawing, layout), (drawing, layout)])
        #expect(try Self.checkStructure(pdf) == Array(repeating: [0, 0, 612, 792], count: 3))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/Count 3"))
        #expect(text.contains(" m\n") && text.contains(" c\n") && text.contains("h\nf\n"))
    }

    @Test func streamLengthIsExact() throws {
        let pdf = PDFWriter().write(VectorTracer().trace(VectorTestPages.drawing()),
                                    layout: PageLayout(width: 160, height: 120, size: .none))
        let text = String(decoding: pdf, as: UTF8.self)
        let r = try #require(text.range(of: "/Length "))
        let length = try #require(Int(text[r.upperBound...].prefix { $0.isNumber }))
        let start = try #require(text.range(of: "stream\n"))
        let streamStart = text.utf8.distance(from: text.startIndex, to: start.upperBound)
        let after = String(decoding: pdf[(streamStart + length)...].prefix(10), as: UTF8.self)
        #expect(after.hasPrefix("\nendstream"))
    }

    @Test func compressedStreamsInflateToThePlainOnes() throws {
        let drawing = VectorTracer().trace(VectorTestPages.drawing())
        let layout = PageLayout(width: 160, height: 120, size: .a4)
        let plain = PDFWriter().contentStream(drawing, layout: layout)
        let pdf = PDFWriter().write(drawing, layout: layout)
        #expect(try Self.checkStructure(pdf) == [[0, 0, 841.89, 595.28]])
        // The stream is the one between "stream\n" and "\nendstream", /Length bytes long.
        let bytes = Array(pdf)
        let header = Array("/Filter /FlateDecode >>\nstream\n".utf8)
        let start = try #require((0...(bytes.count - header.count)).first { bytes[$0..<($0 + header.count)].elementsEqual(header) })
            + header.count
        let text = String(decoding: pdf, as: UTF8.self)
        let r = try #require(text.range(of: "/Length "))
        let length = try #require(Int(text[r.upperBound...].prefix { $0.isNumber }))
        #expect(Array(bytes[(start + length)..<(start + length + 10)]) == Array("\nendstream".utf8))
        let stream = Array(bytes[start..<(start + length)])
        #expect(stream.count < plain.count / 2, "compressed \(stream.count) of \(plain.count) bytes")
        #expect(Deflate.decompress(stream, maxSize: plain.count) == plain)
    }
}

