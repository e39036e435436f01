import LineArtImage

/// Which faces the cascade found look like skin, in a photo with colour.
///
/// Skin of every complexion is reddish: the faces among the BSDS dev photos read a* 8 to 33
/// (the median of a face's middle), while the textures the cascade takes for faces there
/// (leaf litter, rippled water, fish over coral, a vase, an owl) read −19 to 2. In a photo
/// without colours to tell apart every face passes: a gray photo (every face reads a* 0),
/// or one toned in a single hue (sepia: a face reads as the tint, a* about 2).
package struct SkinTest: Sendable {
    /// The least median a* of a face's middle.
    package static let minRedness: Float = 5
    /// Below this mean chroma (ΔE*ab from gray) the photo has no colour to test.
    package static let minPhotoChroma: Float = 4
    /// At or above this agreement of its hues the photo is toned in one hue: the length of
    /// the mean of its (a*, b*) vectors over their mean length, 1 for a single hue. Sepia
    /// reads 0.99; the BSDS dev photos 0.22-0.998, those with faces up to 0.97.
    package static let monotoneHues: Double = 0.98

    private let lab: FloatImage

    /// - Parameter lab: the L*a*b* image (3 channels) the faces were found in.
    package init(lab: FloatImage) {
        precondition(lab.channels == 3, "the skin test reads L*a*b*")
        self.lab = lab
    }

    /// The faces (in pixels of the image) that look like skin: those whose middle is reddish
    /// (``isReddish(_:)``), or all of them in a photo without colours to tell apart. The
    /// photo's colours are read only when a face is not reddish.
    package func faces(_ faces: [FaceBox]) -> [FaceBox] {
        keep(faces) { $0 }
    }

    /// The candidates whose face, at `face(candidate)` in pixels of the image, looks like skin
    /// (``faces(_:)``).
    package func keep<Candidate>(_ candidates: [Candidate], at face: (Candidate) -> FaceBox) -> [Candidate] {
        let reddish = candidates.filter { isReddish(face($0)) }
        return reddish.count == candidates.count || photoHasColours ? reddish : candidates
    }

    /// Whether the middle of `face`, the half across from a third to four fifths down
    /// (cheeks, nose and mouth), has a median a* of at least ``minRedness``.
    func isReddish(_ face: FaceBox) -> Bool {
        let s = Double(face.size)
        let x0 = max(0, face.x + Int(0.25 * s)), x1 = min(lab.width, face.x + Int(0.75 * s))
        let y0 = max(0, face.y + Int(0.3 * s)), y1 = min(lab.height, face.y + Int(0.8 * s))
        guard x1 > x0, y1 > y0 else { return false }
        var redness = [Float]()
        redness.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 {
            for x in x0..<x1 { redness.append(lab.samples[3 * (y * lab.width + x) + 1]) }
        }
        redness.sort()
        return redness[redness.count / 2] >= Self.minRedness
    }

    /// Whether the photo has colours to tell apart: a mean chroma of at least
    /// ``minPhotoChroma`` and hues that agree less than ``monotoneHues``.
    var photoHasColours: Bool {
        guard lab.pixelCount > 0 else { return false }
        var chroma: Double = 0, sumA: Double = 0, sumB: Double = 0
        lab.samples.withUnsafeBufferPointer { s in
            for i in 0..<lab.pixelCount {
                let a = s[3 * i + 1], b = s[3 * i + 2]
                chroma += Double((a * a + b * b).squareRoot())
                sumA += Double(a)
                sumB += Double(b)
            }
        }
        let agreement = chroma > 0 ? (sumA * sumA + sumB * sumB).squareRoot() / chroma : 1
        return chroma / Double(lab.pixelCount) >= Double(Self.minPhotoChroma) && agreement < Self.monotoneHues
    }
}
