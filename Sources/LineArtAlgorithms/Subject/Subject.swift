import LineArtImage

/// What a photo is about: the part a person making a coloring page would draw.
public struct Subject: Sendable, Equatable, Codable {
    /// The cue that found it.
    public enum Cue: String, Sendable, Equatable, Codable {
        /// Faces looking at the camera: the subject is their heads and shoulders.
        case face
        /// A part in focus against a defocused (blurred) background.
        case focus
        /// A part that stands out in colour from the regions connected to the border.
        case contrast
    }

    /// Its bounding box, in pixels of the photo it was found in.
    public var box: PixelRectangle
    /// The share of the photo the box covers, 0...1.
    public var share: Double
    /// How clearly it stands apart, 0...1: for faces, how many detector windows agree; for the
    /// other cues, how much more the subject stands out than the rest of the photo.
    public var confidence: Double
    public var cue: Cue

    public init(box: PixelRectangle, share: Double, confidence: Double, cue: Cue) {
        self.box = box
        self.share = share
        self.confidence = confidence
        self.cue = cue
    }
}
