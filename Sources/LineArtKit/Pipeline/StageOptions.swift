/// How the settings map onto each stage's own options.
extension PreprocessOptions {
    public init(_ settings: LineArtSettings) {
        self.init(maxDimension: settings.maxDimension, blurAmount: Float(settings.blurAmount),
                  contrastBoost: Float(settings.contrastBoost), denoiseRadius: settings.denoise,
                  denoisePasses: 1, enlargeSmallPhotos: true, trimMargins: true)
    }
}

extension ExtractionParameters {
    /// - Parameter targets: the page's region-count target; the regions engine keeps
    ///   about the middle of that range in segments.
    public init(_ settings: LineArtSettings, targets: FillabilityTargets = .standard) {
        self.init(contrastAdjustment: Float(settings.contrastAdjustment))
        minRegionArea = settings.minRegionArea
        lineWidth = settings.thickness
        targetSegments = targets.minRegions + (targets.maxRegions - targets.minRegions) / 4
        minSegments = targets.minRegions + targets.minRegions / 10
        blurSigma = PreprocessOptions(settings).blurSigma
    }
}
