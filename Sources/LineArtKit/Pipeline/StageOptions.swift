/// How the settings map onto each stage's own options.
extension PreprocessOptions {
    public init(_ settings: LineArtSettings) {
        self.init(maxDimension: settings.maxDimension, blurAmount: Float(settings.blurAmount),
                  contrastBoost: Float(settings.contrastBoost), denoiseRadius: settings.denoise,
                  denoisePasses: 1, enlargeSmallPhotos: true, trimMargins: true)
    }
}

extension ExtractionParameters {
    /// - Parameter targets: the page's region-count target. Unless `regionTarget` sets it,
    ///   the regions engine's Ward merging stops a quarter of the way into that range, but
    ///   at 2.5 times its minimum at most (125 segments on a standard page, 15 on a toddler
    ///   page): a page needs enough regions to pass, and every segment beyond that is a
    ///   line that more often follows shading or a blurred background than a shape
    ///   (docs/quality.md, "a lower segment target"). The background simplification never
    ///   goes below the region target plus 10%, nor keeps more than `regionTarget` asks for.
    public init(_ settings: LineArtSettings, targets: FillabilityTargets = .standard) {
        self.init(contrastAdjustment: Float(settings.contrastAdjustment))
        minRegionArea = settings.minRegionArea
        lineWidth = settings.thickness
        let derived = min(targets.minRegions + (targets.maxRegions - targets.minRegions) / 4,
                          targets.minRegions * 5 / 2)
        targetSegments = settings.regionTarget > 0 ? settings.regionTarget : derived
        minSegments = min(targets.minRegions + targets.minRegions / 10, targetSegments)
        minClosedShare = min(1, targets.minClosure + 0.05)
        blurSigma = PreprocessOptions(settings).blurSigma
    }
}
