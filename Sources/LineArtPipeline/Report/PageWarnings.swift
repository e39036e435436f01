import LineArtImage

/// Warnings about a page that converted but will disappoint: said in the photo's report
/// (`warnings`) and, by `lineart convert`, on stderr.
///
/// - A photo enlarged 4 times or more (an icon, a thumbnail): the page is drawn from
///   blown-up pixels and holds little detail.
/// - A page less than 32 pixels across on one side (a photo far out of proportion, such as
///   a 3x2000 strip): there is no room for regions.
/// - A page without a single line (a uniform photo): there is nothing to color.
/// - Parameter framed: whether `originalSize` is the part of the photo a page framed on its
///   subject shows, rather than the whole photo.
public func pageWarnings(originalSize: ImageSize, pageSize: ImageSize, inkFraction: Double, framed: Bool = false) -> [String] {
    var warnings: [String] = []
    let photoSide = max(originalSize.width, originalSize.height)
    let pageSide = max(pageSize.width, pageSize.height)
    if photoSide > 0, pageSide >= 4 * photoSide {
        let what = framed ? "small subject (a frame of \(originalSize) px of the photo)" : "small photo (\(originalSize) px)"
        warnings.append("\(what) enlarged \(pageSide / photoSide)x to \(pageSize): the page holds little detail")
    }
    if min(pageSize.width, pageSize.height) < 32 {
        warnings.append("the page is only \(pageSize) px: the photo is too narrow for a coloring page")
    }
    if inkFraction == 0 {
        warnings.append("blank page: no lines were found in the photo")
    }
    return warnings
}

/// Whether a decoder warning (``DecodedImage/warnings``) means part of the picture was lost
/// or damaged: libjpeg fills missing data with gray and decodes damaged data into shifted,
/// washed-out blocks, and the page shows it, so `lineart convert` says these on stderr even
/// with `--quiet`. "extraneous bytes before marker" counts too: damaged entropy data mostly
/// shows only as that. Other decoder warnings (libpng's "iCCP: known incorrect sRGB
/// profile") stay in the report only.
public func isLostImageDataWarning(_ warning: String) -> Bool {
    warning.hasPrefix("Premature end of JPEG file") || warning.hasPrefix("Corrupt JPEG data")
}

extension ImageReport {
    /// ``pageWarnings(originalSize:pageSize:inkFraction:framed:)`` of this report's page: of
    /// its frame, when it shows one, else of the whole photo.
    /// A dropped frame (``emptyFrame``) is said first.
    public var warningsForThePage: [String] {
        let dropped = emptyFrame.map {
            ["the frame on the subject (\($0) px of the photo) held no shape: the page shows the whole photo"]
        } ?? []
        return dropped + pageWarnings(originalSize: frame?.size ?? originalSize, pageSize: processedSize,
                                      inkFraction: fillability.inkFraction, framed: frame != nil)
    }
}
