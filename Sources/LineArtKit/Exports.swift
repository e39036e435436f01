// The layers below, re-exported: `import LineArtKit` is all the CLI or an app needs.
@_exported import LineArtAlgorithms
@_exported import LineArtCodecs
@_exported import LineArtImage
@_exported import LineArtPipeline
