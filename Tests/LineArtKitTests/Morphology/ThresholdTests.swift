import Testing
import LineArtKit

@Test func hardThresholdMapsBelow128ToInkElsePaper() {
    let gray = ByteImage(width: 5, height: 1, samples: [0, 127, 128, 200, 255])
    #expect(hardThreshold(gray).samples == [0, 0, 255, 255, 255])
    #expect(hardThreshold(gray, level: 201).samples == [0, 0, 0, 0, 255])
}
