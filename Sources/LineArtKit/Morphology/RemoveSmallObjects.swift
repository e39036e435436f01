/// Erases ink specks: 8-connected ink components smaller than `minArea` pixels become paper.
///
/// Like scikit-image's `remove_small_objects` on the ink. `minArea <= 1` returns the
/// input unchanged. Samples < 128 are ink; the output is pure 0/255.
public func removeSmallObjects(_ lineArt: ByteImage, minArea: Int) -> ByteImage {
    precondition(lineArt.channels == 1, "removeSmallObjects needs a 1-channel image")
    guard minArea > 1 else { return lineArt }
    let ink = label(lineArt, connectivity: .eight, threads: PhotoThreads.count) { $0 < FillabilityValidator.paperThreshold }
    var keep = [Bool](repeating: false, count: ink.count + 1)
    for index in 1..<(ink.count + 1) { keep[index] = ink.areas[index] >= minArea }
    var output = lineArt
    keep.withUnsafeBufferPointer { keep in
        ink.labels.withUnsafeBufferPointer { labels in
            output.samples.withUnsafeMutableBufferPointer { out in
                for i in 0..<out.count {
                    let l = Int(labels[i])
                    out[i] = (l != 0 && keep[l]) ? 0 : 255
                }
            }
        }
    }
    return output
}
