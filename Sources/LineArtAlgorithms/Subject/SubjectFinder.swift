import Glibc
import LineArtImage

/// Finds the subject of a photo (``Subject``), or none when nothing stands apart (a landscape,
/// a pattern, an object filling the frame).
///
/// Faces first (their heads and shoulders). Otherwise, on a small copy of the photo: how far
/// each pixel stands from the border in colour (``minimumBarrierDistanceAnyWayUp(_:width:height:threads:)``
/// on L*, a*, b*), weighted by the ``FocusMap`` when part of the photo is blurred or blank;
/// the parts above Otsu's threshold that carry at least ``minPartShare`` of the strongest
/// part's weight make the subject.
package struct SubjectFinder: Sendable {
    /// Long side of the copy the colour cue reads: objects, not texture.
    package var thumbnailSide = 128
    /// Long side of the copy the focus and faces are read on.
    package var detailSide = 512
    /// Below this confidence nothing stands apart enough to frame on.
    package var minConfidence = 0.2
    /// A box covering more of the photo is not a subject: the photo is the subject.
    package var maxShare = 0.9
    /// A part of the subject carries at least this share of the strongest part's weight.
    package var minPartShare: Float = 0.3
    /// The narrowest tonal range the photo is looked at with (``ToneStretch``).
    package var minToneRange = ToneStretch.defaultMinRange

    package init() {}

    package func find(in photo: ByteImage, threads: Int = 1) -> Subject? {
        guard photo.width >= 8, photo.height >= 8 else { return nil }
        let detailSize = fittedSize(photo.size, maxDimension: detailSide)
        let detail = areaResizeToFloat(photo, to: detailSize, threads: threads)
        var detailLab = LabColor.labFromSRGB(detail, threads: threads)
        // A photo of narrow tonal range is looked at as the page sees it (``ToneStretch``).
        ToneStretch(of: detailLab, minRange: minToneRange).apply(to: &detailLab, threads: threads)
        let lightness = detailLab.channel(0)
        if let faces = faceSubject(lightness, skin: SkinTest(lab: detailLab), photoSize: photo.size, threads: threads) {
            return faces
        }

        let size = fittedSize(photo.size, maxDimension: thumbnailSide)
        let lab = gaussianBlur(LabColor.labFromSRGB(areaResize(detail, to: size)), sigma: 1)
        // The colour cue and the focus map, side by side when there are two threads.
        func colourDistance() -> [Float] {
            var weight = [Float](repeating: 0, count: size.pixelCount)
            for c in 0..<3 {
                let distance = minimumBarrierDistanceAnyWayUp(lab.channel(c).samples, width: size.width, height: size.height,
                                                              threads: threads)
                for i in weight.indices { weight[i] += distance[i] }
            }
            return weight
        }
        let (distance, focus) = threads > 1
            ? runOnSecondThread(while: colourDistance, { focusMap(lightness: lightness, size: size) })
            : (colourDistance(), focusMap(lightness: lightness, size: size, threads: threads))
        var weight = distance
        if let focus, focus.separates {
            for i in weight.indices { weight[i] *= 0.2 + 0.8 * focus.sharpness[i] }
        }
        guard let peak = weight.max(), peak > 0 else { return nil }
        for i in weight.indices { weight[i] /= peak }

        guard let (box, confidence) = strongestParts(weight, size: size) else { return nil }
        let share = Double(box.area) / Double(size.pixelCount)
        guard share <= maxShare, confidence >= minConfidence else { return nil }
        let cue: Subject.Cue = focus.map { $0.separates && $0.blankIsBlurred } == true ? .focus : .contrast
        return Subject(box: box.scaled(from: size, to: photo.size), share: share,
                       confidence: confidence, cue: cue)
    }

    /// The heads and shoulders of the faces in `lightness` (L* 0...100) that pass `skin`, in
    /// photo pixels.
    func faceSubject(_ lightness: FloatImage, skin: SkinTest, photoSize: ImageSize, threads: Int) -> Subject? {
        let size = lightness.size
        let gray = grayBytes(FloatImage(width: size.width, height: size.height,
                                        samples: lightness.samples.map { $0 / 100 }))
        // Searched as it is and mirrored: the cascade finds a face in one and not always in
        // the other, and a mirrored photo should give the mirrored page.
        // With two threads the two searches run side by side, each on one.
        let minSize = max(24, max(size.width, size.height) / 10)
        @Sendable func search(_ image: ByteImage, threads: Int) -> [FaceBox] {
            detectTiltedFaces(in: image, minSize: minSize, minNeighbours: faceNeighbours, threads: threads)
        }
        let mirroredGray = gray.oriented(.mirrorHorizontal)
        let pending = threads >= 2 ? startOnSecondThread { search(mirroredGray, threads: 1) } : nil
        let plain = search(gray, threads: pending == nil ? threads : 1)
        let mirrored = (pending?.wait() ?? search(mirroredGray, threads: threads))
            .map { $0.unoriented(.mirrorHorizontal, uprightSize: size) }
        var faces = skin.faces(steadyFaces(plain: plain, mirrored: mirrored)), turn = EXIFOrientation.up
        if faces.isEmpty, let found = detectTurnedFaces(in: gray, skin: skin, minSize: minSize,
                                                         minNeighbours: faceNeighbours, threads: threads) {
            (faces, turn) = (steadyFaces(plain: found.faces, mirrored: []), found.turn)
        }
        guard !faces.isEmpty else { return nil }
        // Heads and shoulders below the faces, in the photo as turned for the search.
        let turnedSize = size.oriented(turn)
        var x0 = turnedSize.width, y0 = turnedSize.height, x1 = 0, y1 = 0
        for face in faces {
            let s = Double(face.size)
            x0 = min(x0, max(0, face.x - Int(0.75 * s)))
            y0 = min(y0, max(0, face.y - Int(0.6 * s)))
            x1 = max(x1, min(turnedSize.width, face.x + Int(1.75 * s)))
            y1 = max(y1, min(turnedSize.height, face.y + Int(2.2 * s)))
        }
        let box = PixelRectangle(x: x0, y: y0, width: x1 - x0, height: y1 - y0).unoriented(turn, uprightSize: turnedSize)
        let windows = faces.map(\.neighbours).max() ?? 0
        return Subject(box: box.scaled(from: size, to: photoSize),
                       share: Double(box.area) / Double(size.pixelCount),
                       confidence: min(1, Double(windows) / 12), cue: .face)
    }

    /// The faces of the plain and the mirrored search (mapped back), each face once: one
    /// found by both is their mean. Sizes are rounded to the cascade's ladder of window
    /// sizes (steps of ``scaleStep``), which is all a detection's size can tell: a box is
    /// the mean of its windows', and a re-encoded photo can move one window a step.
    func steadyFaces(plain: [FaceBox], mirrored: [FaceBox]) -> [FaceBox] {
        var unmatched = mirrored
        var faces: [FaceBox] = plain.map { face in
            guard let k = unmatched.firstIndex(where: face.isSameFace) else { return face }
            let other = unmatched.remove(at: k)
            var mean = face
            mean.x = Int((Double(face.x + other.x) / 2).rounded(.down))
            mean.y = Int((Double(face.y + other.y) / 2).rounded(.down))
            mean.size = (face.size + other.size) / 2
            mean.neighbours = max(face.neighbours, other.neighbours)
            return mean
        }
        faces += unmatched
        let window = Double(FrontalFaceCascade.openCVFrontalFace.windowSize)
        return faces.map { face in
            let steps = (log(Double(face.size) / window) / log(scaleStep)).rounded()
            let size = Int((window * pow(scaleStep, steps)).rounded())
            var steady = face
            steady.x = face.x + (face.size - size) / 2
            steady.y = face.y + (face.size - size) / 2
            steady.size = size
            return steady
        }
    }

    /// The box around the parts of `weight` (0...1) above Otsu's threshold that carry at least
    /// ``minPartShare`` of the strongest part's weight, and how much more the parts weigh on
    /// average than the rest.
    func strongestParts(_ weight: [Float], size: ImageSize) -> (PixelRectangle, Double)? {
        let threshold = otsuThreshold(weight)
        let mask = ByteImage(width: size.width, height: size.height,
                             samples: weight.map { $0 > threshold ? 255 : 0 })
        let parts = label(mask, connectivity: .eight)
        guard parts.count > 0 else { return nil }
        var mass = [Float](repeating: 0, count: parts.count + 1)
        for (i, k) in parts.labels.enumerated() where k > 0 { mass[Int(k)] += weight[i] }
        let strongest = mass.dropFirst().max()!
        var x0 = size.width, y0 = size.height, x1 = -1, y1 = -1
        for k in 1...parts.count where mass[k] >= minPartShare * strongest {
            let b = parts.bounds[k]
            x0 = min(x0, b.minX); y0 = min(y0, b.minY); x1 = max(x1, b.maxX); y1 = max(y1, b.maxY)
        }
        let inside = mass.dropFirst().reduce(0, +), insideCount = size.pixelCount - parts.areas[0]
        let outside = weight.reduce(0, +) - inside, outsideCount = parts.areas[0]
        let contrast = inside / Float(max(1, insideCount)) - outside / Float(max(1, outsideCount))
        return (PixelRectangle(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1), Double(contrast))
    }
}

/// Otsu's threshold of values in 0...1 (256 bins): the level that best splits them in two.
func otsuThreshold(_ values: [Float]) -> Float {
    var histogram = [Double](repeating: 0, count: 256)
    for v in values { histogram[min(255, max(0, Int(v * 255)))] += 1 }
    let total = Double(values.count)
    let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset) * $1.element }
    var below = 0.0, sumBelow = 0.0, best = 0.0, level = 0
    for t in 0..<256 {
        below += histogram[t]
        sumBelow += Double(t) * histogram[t]
        let above = total - below
        guard below > 0, above > 0 else { continue }
        let meanBelow = sumBelow / below, meanAbove = (sum - sumBelow) / above
        let between = below * above * (meanBelow - meanAbove) * (meanBelow - meanAbove)
        if between > best { best = between; level = t }
    }
    return (Float(level) + 0.5) / 255
}
