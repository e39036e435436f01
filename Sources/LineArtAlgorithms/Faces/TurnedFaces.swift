import LineArtImage

/// Faces lying sideways or upside down (a photo stored turned, a person lying down): `gray`
/// turned a quarter, three quarters and half a turn and searched at each of `tilts`
/// (``detectTiltedFaces(in:tilts:minSize:minNeighbours:threads:)``); faces that pass `skin`
/// where they lie in the photo. With `halfSize` the turned copies are searched at half size
/// (the cascade's blocks span 3 px or more at the sizes searched): a quarter of the work,
/// enough to frame a page on the face, while a page's features want the upright search's
/// own sizes.
/// - Returns: the first turn with faces, and the faces in pixels of the photo turned upright
///   by it (``FaceBox/unoriented(_:uprightSize:)`` maps them back); nil when no turn has one.
package func detectTurnedFaces(in gray: ByteImage, skin: SkinTest, tilts: [Double] = [0], halfSize: Bool = true,
                               minSize: Int, minNeighbours: Int,
                               threads: Int = 1) -> (faces: [FaceBox], turn: EXIFOrientation)? {
    // No face of `minSize` fits a strip narrower than that (a panorama's thumbnail), whichever way it is turned.
    guard min(gray.width, gray.height) >= minSize else { return nil }
    let searched = halfSize ? areaResize(gray, to: ImageSize(width: gray.width / 2, height: gray.height / 2)) : gray
    let scale = halfSize ? 2 : 1
    let turns = [EXIFOrientation.rotate90CW, .rotate270CW, .rotate180]
    func faces(turnedBy turn: EXIFOrientation) -> [FaceBox] {
        let turned = searched.oriented(turn), turnedSize = gray.size.oriented(turn)
        let found = detectTiltedFaces(in: turned, tilts: tilts, minSize: max(1, minSize / scale),
                                      minNeighbours: minNeighbours).map { face in
            FaceBox(x: scale * face.x, y: scale * face.y, size: scale * face.size, neighbours: face.neighbours,
                    tilt: face.tilt)
        }
        return skin.keep(found) { $0.unoriented(turn, uprightSize: turnedSize) }
    }
    // Each turn is searched on one thread (a small copy has too few rows of windows to share
    // out): one after the other up to the first with faces, or with threads to spare the three
    // side by side, since a faceless photo searches all three anyway.
    guard threads > 1 else {
        for turn in turns {
            let found = faces(turnedBy: turn)
            if !found.isEmpty { return (found, turn) }
        }
        return nil
    }
    let found = mapBands(count: turns.count, threads: threads) { faces(turnedBy: turns[$0]) }
    return zip(found, turns).first { !$0.0.isEmpty }.map { (faces: $0.0, turn: $0.1) }
}

extension FaceBox {
    /// This upright face of an image turned upright from `orientation` (as
    /// ``Image/oriented(_:)`` turns it; the upright image is `uprightSize`), where it lies in
    /// the image before the turn: the same square, leaning by the turn undone.
    /// `orientation` is `.up`, one of the three turns, or `.mirrorHorizontal` (the face then
    /// leans the other way); the other mirrors would turn a face upside down as well.
    package func unoriented(_ orientation: EXIFOrientation, uprightSize: ImageSize) -> FaceBox {
        let square = PixelRectangle(x: x, y: y, width: size, height: size)
            .unoriented(orientation, uprightSize: uprightSize)
        let lean: Double
        switch orientation {
        case .up: return self
        case .mirrorHorizontal:
            return FaceBox(x: square.x, y: square.y, size: size, neighbours: neighbours, tilt: -tilt)
        case .rotate90CW: lean = -90
        case .rotate270CW: lean = 90
        case .rotate180: lean = 180
        default: preconditionFailure("a face is turned back only from a turn or a left-right mirror")
        }
        var tilted = lean + tilt
        if tilted > 180 { tilted -= 360 }
        return FaceBox(x: square.x, y: square.y, size: size, neighbours: neighbours, tilt: tilted)
    }
}
