import LineArtAlgorithms

/// How the settings map onto each stage's own options.
extension PreprocessOptions {
    public init(_ settings: LineArtSettings) {
        self.init(maxDimension: settings.maxDimension, blurAmount: Float(settings.blurAmount),
                  contrastBoost: Float(settings.contrastBoost), denoiseRadius: settings.denoise,
                  denoisePasses: 1, enlargeSmallPhotos: true, trimMargins: true,
                  minToneRange: ToneStretch.defaultMinRange)
    }
}

extension ExtractionParameters {
    /// - Parameter targets: the page's region-count target; its maximum caps the regions
    ///   engine's count unless `regionTarget` sets a lower cap (simpler pages). A third of its
    ///   minimum is the count under which a photo low in contrast throughout keeps borders
    ///   weaker than the threshold (``minShapes``); nothing draws lines to reach the target.
    public init(_ settings: LineArtSettings, targets: FillabilityTargets = .standard) {
        self.init(contrastAdjustment: Float(settings.contrastAdjustment))
        minRegionArea = settings.minRegionArea
        lineWidth = settings.thickness
        maxRegions = settings.regionTarget > 0 ? min(settings.regionTarget, targets.maxRegions) : targets.maxRegions
        minShapes = min(targets.minRegions / 3, maxRegions)
        inputBlur = PreprocessOptions(settings).blurSigma
        darkSpots = settings.darkSpots
    }
}
