import LineArtImage

/// The largest disc inside each labelled region, as its squared radius and its centre.
///
/// One exact Euclidean distance transform (``DistanceTransform``) to the pixels outside
/// every region (label 0), capped by the distance to the outside of the image, then the
/// maximum per label: O(W × H). A pixel at squared distance `d` from the nearest outside
/// pixel's centre is the centre of a disc of radius `√d − 0.5` that stays inside its region
/// (the ``RegionInfo/inscribedRadius`` of a tap-to-fill region map).
struct InscribedDiscs {
    /// Per label (index 0 unused, -1): the largest squared distance to the outside.
    let squaredDistance: [Int]
    /// Per label: the first pixel, in row-major order, where that distance is reached.
    let centre: [PixelPoint]

    init(_ regions: LabelMap) {
        let w = regions.width, h = regions.height
        let distance = regions.labels.withUnsafeBufferPointer { l in
            DistanceTransform.squaredEuclidean(width: w, height: h) { l[$0] == 0 }
        }
        var best = [Int](repeating: -1, count: regions.count + 1)
        var centre = [PixelPoint](repeating: PixelPoint(x: 0, y: 0), count: regions.count + 1)
        regions.labels.withUnsafeBufferPointer { labels in
            distance.samples.withUnsafeBufferPointer { dist in
                for y in 0..<h {
                    let edgeY = min(y + 1, h - y)
                    for x in 0..<w {
                        let l = Int(labels[y * w + x])
                        guard l != 0 else { continue }
                        let edge = min(edgeY, min(x + 1, w - x))
                        let d = min(Int(dist[y * w + x]), edge * edge)
                        if d > best[l] {
                            best[l] = d
                            centre[l] = PixelPoint(x: x, y: y)
                        }
                    }
                }
            }
        }
        squaredDistance = best
        self.centre = centre
    }

    /// The radius of the largest disc inside region `label`.
    func radius(_ label: Int) -> Double { Double(squaredDistance[label]).squareRoot() - 0.5 }
}
