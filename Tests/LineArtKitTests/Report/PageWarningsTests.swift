import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct PageWarningsTests {
    @Test func aPhotoOfUsualSizeWithLinesGetsNoWarning() {
        #expect(pageWarnings(originalSize: ImageSize(width: 451, height: 300), pageSize: ImageSize(width: 512, height: 341),
                             inkFraction: 0.12).isEmpty)
        // Enlarged just under 4 times: still no warning.
        #expect(pageWarnings(originalSize: ImageSize(width: 200, height: 100), pageSize: ImageSize(width: 768, height: 384),
                             inkFraction: 0.1).isEmpty)
    }

    @Test func anIconAThinStripAndABlankPageAreEachSaid() {
        let icon = pageWarnings(originalSize: ImageSize(width: 1, height: 1), pageSize: ImageSize(width: 768, height: 768),
                                inkFraction: 0)
        #expect(icon == ["small photo (1x1 px) enlarged 768x to 768x768: the page holds little detail",
                         "blank page: no lines were found in the photo"])
        let strip = pageWarnings(originalSize: ImageSize(width: 3, height: 2000), pageSize: ImageSize(width: 2, height: 768),
                                 inkFraction: 0.02)
        #expect(strip == ["the page is only 2x768 px: the photo is too narrow for a coloring page"])
    }
}
