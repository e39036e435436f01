import LineArtImage

/// Erases ink specks: 8-connected ink components smaller than `minArea` pixels become paper.
///
/// Like scikit-image's `remove_small_objects` on the ink. `minArea <= 1` returns the
/// input unchanged. Samples < 128 are ink; the output is pure 0/255. `threads` label the
/// ink in row bands; the result does not depend on it.
package func removeSmallObjects(_ lineArt: ByteImage, minArea: Int, threads: Int = 1) -> ByteImage {
    precondition(lineArt.channels == 1, "removeSmallObjects needs a 1-channel image")
    guard minArea > 1 else { return lineArt }
    let ink = label(lineArt, connectivity: .eight, threads: threads) {
        $0 < paperThreshold
    }
    // Every pixel thresholded, then only the specks' bounding boxes walked: most
    // components are kept.
    var output = hardThreshold(lineArt, level: paperThreshold)
    let width = lineArt.width
    output.samples.withUnsafeMutableBufferPointer { out in
        ink.labels.withUnsafeBufferPointer { labels in
            for speck in stride(from: 1, through: ink.count, by: 1) where ink.areas[speck] < minArea {
                let box = ink.bounds[speck]
                for y in box.minY...box.maxY {
                    for i in (y * width + box.minX)...(y * width + box.maxX) where labels[i] == Int32(speck) {
                        out[i] = 255
                    }
                }
            }
        }
    }
    return output
}
