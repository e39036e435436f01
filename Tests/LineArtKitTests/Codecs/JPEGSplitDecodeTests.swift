import CImageCodecs
import Foundation
import Testing
@testable import LineArtKit

/// The two-thread baseline decoder (jpeg_split_decode.c) gives libjpeg's bytes exactly, or
/// declines and leaves the file to libjpeg.
@Suite struct JPEGSplitDecodeTests {
    /// A JPEG decoded at the scale chosen for `target`, by libjpeg and by the split decoder.
    struct Decodes {
        var libjpeg: [UInt8]?         // nil: libjpeg failed
        var libjpegWarnings: String   // after decoding
        var headerWarnings = ""       // after reading the header alone
        var split: [UInt8]?           // nil: the split decoder declined
        var width = 0, height = 0, scale = 0
    }

    /// `part1Start` nil: part 0 alone (one thread); else both parts on two threads, part 1
    /// starting that far into the entropy-coded data.
    static func decode(_ jpeg: [UInt8], target: Int, part1Start: Double?) -> Decodes {
        jpeg.withUnsafeBufferPointer { bytes in
            var result = Decodes(libjpeg: nil, libjpegWarnings: "", split: nil)
            var info = cic_jpeg_info()
            guard let reference = cic_jpeg_create() else { return result }
            defer { cic_jpeg_destroy(reference) }
            guard cic_jpeg_read_header(reference, bytes.baseAddress, bytes.count, Int32(target), &info) == 0 else {
                return result
            }
            let stride = Int(info.out_width * info.out_channels), count = stride * Int(info.out_height)
            (result.width, result.height, result.scale) = (Int(info.out_width), Int(info.out_height), Int(info.scale_num))
            var out = [UInt8](repeating: 0, count: count)
            var coverage = 0.0
            if cic_jpeg_decode(reference, &out, count, stride, &coverage) == 0 { result.libjpeg = out }
            result.libjpegWarnings = String(cString: cic_jpeg_warnings(reference))

            guard let decoder = cic_jpeg_create() else { return result }
            defer { cic_jpeg_destroy(decoder) }
            guard cic_jpeg_read_header(decoder, bytes.baseAddress, bytes.count, Int32(target), &info) == 0 else {
                return result
            }
            result.headerWarnings = String(cString: cic_jpeg_warnings(decoder))
            var mine = [UInt8](repeating: 0, count: count)
            let ok: Bool = mine.withUnsafeMutableBufferPointer { buffer in
                if let part1Start {
                    return JPEGSplitDecode.decode(decoder: decoder, into: buffer.baseAddress!, stride: stride,
                                                  part1Start: part1Start)
                }
                guard let split = cic_jpeg_split_create(decoder, 0.5) else { return false }
                defer { cic_jpeg_split_destroy(split) }
                cic_jpeg_split_decode_part(split, 0)
                guard cic_jpeg_split_finish(split) == 0 else { return false }
                return cic_jpeg_split_write_rows(split, buffer.baseAddress, stride, 0, cic_jpeg_split_groups(split)) == 0
            }
            if ok { result.split = mine }
            return result
        }
    }

    /// Equal bytes (a Bool, so that a failure does not print two images).
    static func same(_ a: [UInt8]?, _ b: [UInt8]?) -> Bool { a == b }
    static func declined(_ d: Decodes) -> Bool { d.split == nil }

    /// Gradients, edges and seeded noise: enough entropy for part 1 to start mid-data.
    static func picture(width: Int, height: Int, components: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * components)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<components {
                    let wave = (x * (3 + c) + y * (5 - c)) % 256
                    let edge = (x / 13 + y / 7) % 2 == 0 ? 60 : 0
                    let noise = Int(random.next() % 48)
                    pixels[(y * width + x) * components + c] = UInt8(min(255, wave / 2 + edge + noise))
                }
            }
        }
        return pixels
    }

    /// Targets that make libjpeg choose 1/8, 1/4 and 1/2 for a photo of this size.
    static func targets(width: Int, height: Int) -> [Int] {
        let long = max(width, height)
        return [(long + 7) / 8, (long + 3) / 4, (long + 1) / 2]
    }

    struct Sampling: CustomTestStringConvertible, Sendable {
        var components: Int
        var luma: (Int, Int)?
        var testDescription: String { components == 1 ? "gray" : "luma \(luma.map { "\($0.0)x\($0.1)" } ?? "2x2")" }
    }

    static let samplings = [Sampling(components: 1, luma: nil), Sampling(components: 3, luma: (1, 1)),
                            Sampling(components: 3, luma: (2, 1)), Sampling(components: 3, luma: nil)]

    @Test(arguments: samplings)
    func syntheticJPEGsDecodeToLibjpegsBytes(_ sampling: Sampling) throws {
        var taken = 0
        for (width, height) in [(301, 203), (64, 48), (40, 333), (1003, 17)] {
            for quality in [40, 95] {
                let pixels = Self.picture(width: width, height: height, components: sampling.components,
                                          seed: UInt64(width * 1000 + quality))
                let jpeg = try Fixtures.jpeg(pixels, width: width, height: height, components: sampling.components,
                                             quality: quality, lumaSampling: sampling.luma)
                for target in Self.targets(width: width, height: height) {
                    for start in [nil, 0.2, 0.5, 0.8] as [Double?] {
                        let d = Self.decode(jpeg, target: target, part1Start: start)
                        let label: Comment = "\(width)x\(height) q\(quality) scale \(d.scale)/8 part 1 at \(String(describing: start))"
                        #expect(d.libjpeg != nil && d.libjpegWarnings.isEmpty, label)
                        if let split = d.split {
                            taken += 1
                            #expect(Self.same(split, d.libjpeg), label)
                        } else {
                            // Only 4:2:0 at 1/2 (chroma would need the full 8x8 IDCT) is declined.
                            #expect(sampling.luma == nil && sampling.components == 3 && d.scale == 4, label)
                        }
                    }
                }
            }
        }
        #expect(taken >= 64)
    }

    @Test func samplePhotosDecodeToLibjpegsBytes() throws {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("SampleImages")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(names.count == 10)
        var taken = 0
        for name in names {
            let jpeg = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let large = name.hasPrefix("Kleiber")
            // The 20 MP photo at the scale convert uses (1/4), part 1 from several places.
            for target in large ? [768] : [64, 128, 256] {
                for start in large ? [0.05, 0.5, 0.95] : [nil, 0.5] as [Double?] {
                    let d = Self.decode(jpeg, target: target, part1Start: start)
                    let label: Comment = "\(name) scale \(d.scale)/8 part 1 at \(String(describing: start))"
                    if let split = d.split {
                        taken += 1
                        #expect(Self.same(split, d.libjpeg), label)
                    }
                    if large { #expect(d.split != nil && d.scale == 2, label) }
                }
            }
        }
        #expect(taken >= 30)
    }

    /// With restart markers part 1 starts after the marker that opens the second half of the
    /// intervals, with its DC predictors at 0: no guessing. A marker out of sequence, or one
    /// missing, is left to libjpeg (which warns and resynchronises).
    @Test(arguments: [1, 3, 7, 40])
    func restartIntervalsDecodeToLibjpegsBytes(_ interval: Int) throws {
        var taken = 0
        for sampling in Self.samplings {
            for (width, height) in [(301, 203), (96, 40)] {
                let pixels = Self.picture(width: width, height: height, components: sampling.components,
                                          seed: UInt64(width + interval))
                let jpeg = try Fixtures.jpeg(pixels, width: width, height: height, components: sampling.components,
                                             quality: 90, lumaSampling: sampling.luma, restartInterval: interval)
                let mcuWidth = sampling.components == 1 ? 8 : 8 * (sampling.luma?.0 ?? 2)
                let mcuHeight = sampling.components == 1 ? 8 : 8 * (sampling.luma?.1 ?? 2)
                let mcus = (width + mcuWidth - 1) / mcuWidth * ((height + mcuHeight - 1) / mcuHeight)
                let intervals = (mcus + interval - 1) / interval
                for target in Self.targets(width: width, height: height).prefix(2) {
                    for start in [nil, 0.5] as [Double?] {
                        let d = Self.decode(jpeg, target: target, part1Start: start)
                        let label: Comment = "\(sampling.testDescription) \(width)x\(height) scale \(d.scale)/8 \(String(describing: start))"
                        #expect(d.libjpeg != nil && d.libjpegWarnings.isEmpty, label)
                        // Two threads need two intervals at least (one: libjpeg decodes).
                        if start == nil || intervals >= 2 {
                            #expect(d.split != nil && Self.same(d.split, d.libjpeg), label)
                            taken += 1
                        } else {
                            #expect(Self.declined(d), label)
                        }
                    }
                }
            }
        }
        #expect(taken >= 28)

        let pixels = Self.picture(width: 301, height: 203, components: 3, seed: 77)
        let jpeg = try Fixtures.jpeg(pixels, width: 301, height: 203, components: 3, quality: 90,
                                     lumaSampling: (2, 1), restartInterval: interval)
        let markers = (0..<jpeg.count - 1).filter { jpeg[$0] == 0xFF && (0xD0...0xD7).contains(jpeg[$0 + 1]) }
        #expect(markers.count > 4)
        for marker in [markers[1], markers[markers.count / 2], markers[markers.count - 1]] {
            var renumbered = jpeg
            renumbered[marker + 1] = 0xD0 + (renumbered[marker + 1] - 0xD0 + 3) % 8
            var removed = jpeg
            removed.removeSubrange(marker..<marker + 2)
            for (name, damaged) in [("renumbered", renumbered), ("removed", removed)] {
                for start in [nil, 0.5] as [Double?] {
                    let d = Self.decode(damaged, target: 80, part1Start: start)
                    #expect(Self.declined(d), "\(name) marker at \(marker)")
                    #expect(!d.libjpegWarnings.isEmpty, "\(name) marker at \(marker)")
                }
            }
        }
    }

    @Test func filesOutsideItsScopeAreDeclined() throws {
        let pixels = Self.picture(width: 200, height: 120, components: 3, seed: 7)
        let progressive = try Fixtures.jpeg(pixels, width: 200, height: 120, components: 3, progressive: true)
        let cmyk = try Fixtures.jpeg(Self.picture(width: 200, height: 120, components: 4, seed: 8),
                                     width: 200, height: 120, components: 4)
        let luma12 = try Fixtures.jpeg(pixels, width: 200, height: 120, components: 3, lumaSampling: (1, 2))
        for (name, jpeg) in [("progressive", progressive), ("CMYK", cmyk), ("4:4:0", luma12)] {
            let d = Self.decode(jpeg, target: 50, part1Start: 0.5)
            #expect(d.libjpeg != nil, "\(name)")
            #expect(Self.declined(d), "\(name)")
        }
        // Scales other than 1/8, 1/4, 1/2 (libjpeg's 3x3, 5x5... IDCTs) and full size.
        let baseline = try Fixtures.jpeg(pixels, width: 200, height: 120, components: 3, lumaSampling: (1, 1))
        for target in [75, 200] {
            #expect(Self.declined(Self.decode(baseline, target: target, part1Start: 0.5)))
        }
    }

    /// A 320x240 4:2:2 JPEG of `picture`, and where its entropy-coded data starts.
    static func photo422(seed: UInt64, quality: Int) throws -> (jpeg: [UInt8], dataStart: Int) {
        let jpeg = try Fixtures.jpeg(picture(width: 320, height: 240, components: 3, seed: seed),
                                     width: 320, height: 240, components: 3, quality: quality, lumaSampling: (2, 1))
        let sos = try #require((0..<jpeg.count - 1).last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        return (jpeg, sos + 2 + Int(jpeg[sos + 2]) << 8 + Int(jpeg[sos + 3]))
    }

    /// Damaged data: whatever the split decoder returns is libjpeg's decode of the same
    /// bytes, one that warned of nothing past the header; truncated data and extra bytes it
    /// always declines.
    @Test func damagedDataIsLibjpegsOrDeclined() throws {
        let (jpeg, dataStart) = try Self.photo422(seed: 11, quality: 85)
        let dataEnd = jpeg.count - 2  // EOI
        let whole = Self.decode(jpeg, target: 80, part1Start: 0.5)
        #expect(whole.split != nil && Self.same(whole.split, whole.libjpeg))

        for fraction in [0.3, 0.6, 0.97] {
            let cut = dataStart + Int(Double(dataEnd - dataStart) * fraction)
            let truncated = Array(jpeg[..<cut])
            let d = Self.decode(truncated, target: 80, part1Start: 0.5)
            #expect(Self.declined(d), "truncated at \(fraction)")
            #expect(!d.libjpegWarnings.isEmpty, "truncated at \(fraction)")
        }
        var extra = jpeg
        extra.insert(contentsOf: [0x12, 0x34, 0x56], at: dataEnd)
        #expect(Self.declined(Self.decode(extra, target: 80, part1Start: 0.5)))

        var random = SplitMix64(seed: 99)
        var declined = 0, taken = 0
        for round in 0..<300 {
            var damaged = jpeg
            for _ in 0..<(1 + round % 3) {
                let at = dataStart + Int(random.next() % UInt64(dataEnd - dataStart))
                var byte = UInt8(truncatingIfNeeded: random.next())
                if byte == 0xFF { byte = 0xFE }  // markers are another test
                if damaged[at - 1] == 0xFF || damaged[at] == 0xFF { continue }
                damaged[at] = byte
            }
            let d = Self.decode(damaged, target: 80, part1Start: round % 2 == 0 ? 0.5 : nil)
            if let split = d.split {
                taken += 1
                #expect(Self.same(split, d.libjpeg) && d.libjpegWarnings == d.headerWarnings, "round \(round)")
            } else {
                declined += 1
            }
        }
        #expect(declined > 0)
    }

    /// A block whose run of zeros ends past coefficient 63 (corrupt data, which libjpeg-turbo
    /// reads without a warning as writing the last coefficient again) is left to libjpeg at
    /// 1/4 and 1/2 scale, where the split decoder adds each coefficient to its sums as it
    /// decodes; at 1/8 no coefficient but DC is kept, and the split decoder takes it. The
    /// same file with that block ended by an end-of-block code is taken at every scale.
    @Test func aRunPastTheBlockEndIsLeftToLibjpeg() {
        for overrun in [true, false] {
            let jpeg = Self.grayJPEG(runPastTheEnd: overrun)
            for target in [2, 4, 8] {  // 1/8, 1/4 and 1/2 of 16 px
                for start in [nil, 0.5] as [Double?] {
                    let d = Self.decode(jpeg, target: target, part1Start: start)
                    let label: Comment = "run past the end \(overrun), scale \(d.scale)/8, part 1 at \(String(describing: start))"
                    #expect(d.libjpeg != nil && d.libjpegWarnings.isEmpty, label)
                    if overrun && d.scale > 1 {
                        #expect(Self.declined(d), label)
                    } else {
                        #expect(d.split != nil && Self.same(d.split, d.libjpeg), label)
                    }
                }
            }
        }
    }

    /// A 16x16 gray baseline JPEG written by hand, with Huffman tables of its own: DC '0' is
    /// a difference of 0; AC '00' ends a block, '01' is run 0 size 1, '100' sixteen zeros,
    /// '101' run 11 size 1, '110' run 5 size 1. Four blocks: one coefficient; sixteen zeros
    /// three times, then run 11 (to coefficient 60) and run 5 (to 66, past the end) or an
    /// end-of-block code; then two empty blocks.
    static func grayJPEG(runPastTheEnd: Bool) -> [UInt8] {
        var jpeg: [UInt8] = [0xFF, 0xD8]
        jpeg += Fixtures.jpegSegment(0xDB, [0x00] + [UInt8](repeating: 16, count: 64))
        jpeg += Fixtures.jpegSegment(0xC0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0])
        let dc: [UInt8] = [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00]
        let ac: [UInt8] = [0x10, 0, 2, 3] + [UInt8](repeating: 0, count: 13) + [0x00, 0x01, 0xF0, 0xB1, 0x51]
        jpeg += Fixtures.jpegSegment(0xC4, dc + ac)
        jpeg += Fixtures.jpegSegment(0xDA, [1, 1, 0x00, 0, 63, 0])
        let blocks = ["0" + "01" + "1" + "00",
                      "0" + "100100100" + "101" + "1" + (runPastTheEnd ? "110" + "1" : "00"),
                      "0" + "00", "0" + "00"]
        var bits = Array(blocks.joined().utf8)
        bits += [UInt8](repeating: UInt8(ascii: "1"), count: (8 - bits.count % 8) % 8)
        for at in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[at..<at + 8].reduce(UInt8(0)) { $0 << 1 | ($1 == UInt8(ascii: "1") ? 1 : 0) }
            jpeg.append(byte)
            if byte == 0xFF { jpeg.append(0) }
        }
        return jpeg + [0xFF, 0xD9]
    }

    /// Data libjpeg-turbo reads in ways its own code paths disagree on, or that no 8-bit
    /// encoder writes, is left to libjpeg: 0xFF 0xFF 0x00 inside the data (libjpeg-turbo's
    /// fast path takes it for a marker, its slow path for a data byte), and coefficients
    /// whose dequantized values reach where its 16-bit SIMD IDCTs part from jidctred.c.
    @Test func dataLibjpegReadsSeveralWaysIsLeftToIt() throws {
        let (jpeg, dataStart) = try Self.photo422(seed: 21, quality: 95)
        let whole = Self.decode(jpeg, target: 80, part1Start: 0.5)
        #expect(whole.split != nil)

        let stuffed = try #require((dataStart..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0 })
        var doubled = jpeg
        doubled.insert(0xFF, at: stuffed)
        #expect(Self.declined(Self.decode(doubled, target: 80, part1Start: 0.5)))
        #expect(Self.declined(Self.decode(doubled, target: 80, part1Start: nil)))

        // Every 8-bit quantisation step 16 times larger (up to 255): the same coefficients
        // now dequantize far beyond what the DCT of 8-bit samples reaches.
        var coarse = jpeg
        var at = 2
        while at + 4 < dataStart {
            let length = Int(coarse[at + 2]) << 8 + Int(coarse[at + 3])
            if coarse[at + 1] == 0xDB {
                var table = at + 4
                while table < at + 2 + length {
                    let precision = coarse[table] >> 4
                    for i in 0..<64 where precision == 0 {
                        coarse[table + 1 + i] = UInt8(min(255, Int(coarse[table + 1 + i]) * 16))
                    }
                    table += 1 + 64 * (precision == 0 ? 1 : 2)
                }
            }
            at += 2 + length
        }
        for target in [80, 160] {
            let d = Self.decode(coarse, target: target, part1Start: 0.5)
            #expect(d.libjpeg != nil && d.libjpegWarnings.isEmpty)
            #expect(Self.declined(d), "scale \(d.scale)/8")
        }
    }

    /// The rows' YCbCr to RGB computes libjpeg's table products in the loop (so that it
    /// vectorises): the same bytes as libjpeg's tables and range limit for all 2^24 inputs.
    @Test func colourConversionIsLibjpegsForEveryInput() {
        #expect(cic_jpeg_split_check_ycc() == 1)
    }

    /// Through JPEGDecoder with a consumer (two threads per photo): the same image as
    /// libjpeg alone, and the consumer did not run.
    @Test func decoderUsesItForTwoThreadDecodes() throws {
        let width = 900, height = 500
        let jpeg = try Fixtures.jpeg(Self.picture(width: width, height: height, components: 3, seed: 5),
                                     width: width, height: height, components: 3, quality: 90, lumaSampling: (2, 1))
        let options = PreprocessOptions(maxDimension: 150, threads: 2)
        let overlapped = OverlappedPreprocess(options: options)
        let decodeOptions = DecodeOptions(targetMaxDimension: 225)
        let split = try OverlappedPreprocessTests.decodeStreamed(jpeg, options: decodeOptions, consumer: overlapped,
                                                                 split: true)
        let plain = try decodeImage(jpeg, options: decodeOptions)
        #expect(split == plain)
        #expect(split.scaleNumerator == 2)
        #expect(overlapped.front(inputSize: split.image.size, options: options) == nil)

        let streamedOverlap = OverlappedPreprocess(options: options)
        let streamed = try OverlappedPreprocessTests.decodeStreamed(jpeg, options: decodeOptions, consumer: streamedOverlap,
                                                                    split: false)
        #expect(streamed == plain)
        #expect(streamedOverlap.front(inputSize: streamed.image.size, options: options) != nil)
    }

    /// A phone photo stored sideways (EXIF orientation 6, 8 or 3) is decoded by both threads
    /// too, and turned upright afterwards: the same image as libjpeg alone. When the split
    /// decoder declines (data cut short), libjpeg decodes it as it would without a consumer.
    @Test(arguments: [6, 8, 3])
    func rotatedPhotosAreDecodedByBothThreads(_ orientation: Int) throws {
        let width = 900, height = 500
        let upright = try Fixtures.jpeg(Self.picture(width: width, height: height, components: 3, seed: 9),
                                        width: width, height: height, components: 3, quality: 90, lumaSampling: (2, 1))
        let jpeg = Fixtures.withEXIFOrientation(upright, value: orientation)
        let cut = Array(jpeg.prefix(jpeg.count * 19 / 20))
        let options = PreprocessOptions(maxDimension: 150, threads: 2)
        let decodeOptions = DecodeOptions(targetMaxDimension: 225)
        for (file, splits) in [(jpeg, true), (cut, false)] {
            let overlapped = OverlappedPreprocess(options: options)
            let both = try file.withUnsafeBytes { raw in
                try Result { () throws(CodecError) in
                    try JPEGDecoder.decode(raw, options: decodeOptions, overlapping: overlapped)
                }.get()
            }
            let plain = try decodeImage(file, options: decodeOptions)
            #expect(both.split == splits)
            #expect(both.image == plain)
            #expect(plain.orientation.rawValue == orientation)
            #expect(plain.image.width == (orientation == 3 ? 225 : 125))
            #expect(overlapped.front(inputSize: both.image.image.size, options: options) == nil)
        }
    }
}
