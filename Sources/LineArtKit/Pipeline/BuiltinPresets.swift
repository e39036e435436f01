import FoundationEssentials

/// The six built-in presets, embedded so an installed `lineart` works from any directory.
/// Each text is byte-for-byte the file `Presets/NAME.json` (a test keeps them identical):
/// edit the file, then paste it here.
public enum BuiltinPresets {
    /// Names in the order `lineart presets` lists them.
    public static let names = ["toddler", "portrait", "landscape", "object", "pet", "abstract"]

    static let jsonTexts: [String: String] = [
        "toddler": """
            {
              "name": "toddler",
              "description": "Ages 2-5: a few big, bold regions. Small working size, heavy blur and simplification keep only the main shapes.",
              "targets": "toddler",
              "settings": {
                "maxDimension": 256,
                "contrastAdjustment": 1.2,
                "thickness": 6,
                "closeLargeGaps": true,
                "largeGapKernel": 5,
                "contrastBoost": 1.0,
                "blurAmount": 3.0,
                "minRegionArea": 2000,
                "simplifyRegions": true,
                "minSpeckArea": 40,
                "denoise": 4,
                "engine": "regions",
                "faceFeatures": true,
                "regionTarget": 0
              }
            }

            """,
        "portrait": """
            {
              "name": "portrait",
              "description": "People and faces: fine lines that keep eyes, nose and mouth; a gentle contrast boost lifts soft facial features.",
              "targets": "standard",
              "settings": {
                "maxDimension": 768,
                "contrastAdjustment": 2.5,
                "thickness": 3,
                "closeLargeGaps": true,
                "largeGapKernel": 3,
                "contrastBoost": 1.2,
                "blurAmount": 0.0,
                "minRegionArea": 500,
                "simplifyRegions": true,
                "minSpeckArea": 24,
                "denoise": 2,
                "engine": "regions",
                "faceFeatures": true,
                "regionTarget": 0
              }
            }

            """,
        "landscape": """
            {
              "name": "landscape",
              "description": "Scenes and buildings: long horizon and roof lines; a larger gap kernel joins outlines broken by foliage and sky gradients.",
              "targets": "standard",
              "settings": {
                "maxDimension": 512,
                "contrastAdjustment": 2.0,
                "thickness": 2,
                "closeLargeGaps": true,
                "largeGapKernel": 5,
                "contrastBoost": 1.0,
                "blurAmount": 0.0,
                "minRegionArea": 500,
                "simplifyRegions": true,
                "minSpeckArea": 16,
                "denoise": 3,
                "engine": "regions",
                "faceFeatures": true,
                "regionTarget": 0
              }
            }

            """,
        "object": """
            {
              "name": "object",
              "description": "A single object or still life: high edge thresholds keep the strong outlines and drop surface texture.",
              "targets": "standard",
              "settings": {
                "maxDimension": 768,
                "contrastAdjustment": 2.8,
                "thickness": 2,
                "closeLargeGaps": true,
                "largeGapKernel": 3,
                "contrastBoost": 1.0,
                "blurAmount": 0.0,
                "minRegionArea": 500,
                "simplifyRegions": true,
                "minSpeckArea": 16,
                "denoise": 3,
                "engine": "regions",
                "faceFeatures": true,
                "regionTarget": 100
              }
            }

            """,
        "pet": """
            {
              "name": "pet",
              "description": "Cats, dogs and small animals: stronger denoising keeps fur from turning into stipple while the face and body outline stay.",
              "targets": "standard",
              "settings": {
                "maxDimension": 512,
                "contrastAdjustment": 2.2,
                "thickness": 3,
                "closeLargeGaps": true,
                "largeGapKernel": 3,
                "contrastBoost": 1.0,
                "blurAmount": 0.0,
                "minRegionArea": 500,
                "simplifyRegions": true,
                "minSpeckArea": 24,
                "denoise": 4,
                "engine": "regions",
                "faceFeatures": true,
                "regionTarget": 0
              }
            }

            """,
        "abstract": """
            {
              "name": "abstract",
              "description": "Paintings and patterns: low thresholds keep many shapes, a contrast boost makes swirls read as regions, and 2 px strokes (about 1 mm on A4) leave room for them.",
              "targets": "standard",
              "settings": {
                "maxDimension": 384,
                "contrastAdjustment": 1.5,
                "thickness": 2,
                "closeLargeGaps": true,
                "largeGapKernel": 5,
                "contrastBoost": 1.3,
                "blurAmount": 0.0,
                "minRegionArea": 500,
                "simplifyRegions": true,
                "minSpeckArea": 24,
                "denoise": 2,
                "engine": "regions",
                "faceFeatures": true,
                "regionTarget": 0
              }
            }

            """,
    ]

    /// The built-in preset called `name`.
    /// - Throws: ``SettingsError/unknownPreset(_:known:)`` listing the built-in names.
    public static func named(_ name: String) throws(SettingsError) -> LineArtPreset {
        guard let text = jsonTexts[name] else { throw .unknownPreset(name, known: names) }
        return try LineArtPreset.parse(json: Data(text.utf8), fallbackName: name)
    }

    /// All built-in presets, in ``names`` order.
    public static var all: [LineArtPreset] {
        names.compactMap { try? named($0) }
    }
}
