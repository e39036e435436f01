/// How the settings map onto each stage's own options.
extension PreprocessOptions {
    public init(_ settings: LineArtSettings) {
        self.init(maxDimension: settings.maxDimension, blurAmount: Float(settings.blurAmount),
                  contrastBoost: Float(settings.contrastBoost), denoiseRadius: settings.denoise,
                  denoisePasses: 1)
    }
}

extension ExtractionParameters {
    public init(_ settings: LineArtSettings) {
        self.init(contrastAdjustment: Float(settings.contrastAdjustment))
    }
}
