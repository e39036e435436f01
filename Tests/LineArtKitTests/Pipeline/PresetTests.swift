import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// The repository root, found from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

@Suite struct PresetTests {
    /// Every file in Presets/ is built in (Package.swift and Presets/BuiltinPresetFiles.swift
    /// name them), and nothing else is.
    @Test func everyPresetFileIsBuiltIn() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Presets").path)
        let names = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
        #expect(Set(names) == Set(BuiltinPresets.names))
        #expect(BuiltinPresets.all.map(\.name) == BuiltinPresets.names)
    }

    /// Each file is in the form `lineart presets NAME` prints, and reads back the same.
    @Test(arguments: BuiltinPresets.names)
    func presetRoundTripsThroughJSON(name: String) throws {
        let onDisk = try String(contentsOf: repositoryRoot.appendingPathComponent("Presets/\(name).json"), encoding: .utf8)
        let preset = try BuiltinPresets.named(name)
        #expect(preset.jsonText == onDisk)
        let reparsed = try LineArtPreset.parse(json: Data(preset.jsonText.utf8), fallbackName: "x")
        #expect(reparsed == preset)
    }

    @Test func presetTableFromTheSpec() throws {
        // maxDim, contrast, thickness, blur, minRegion as the pipeline issue specifies.
        let expected: [String: (Int, Double, Int, Double, Int)] = [
            "toddler": (512, 2.2, 8, 2.0, 8000), "portrait": (768, 2.5, 3, 0, 500),
            "landscape": (512, 2.0, 2, 0, 500), "object": (768, 2.8, 2, 0, 500),
            "pet": (512, 2.2, 3, 0, 500), "abstract": (384, 1.5, 2, 0, 500),
        ]
        for (name, row) in expected {
            let s = try BuiltinPresets.named(name).settings
            #expect(s.maxDimension == row.0 && s.contrastAdjustment == row.1 && s.thickness == row.2
                    && s.blurAmount == row.3 && s.minRegionArea == row.4, "\(name)")
        }
        #expect(try BuiltinPresets.named("toddler").settings.simplifyRegions)
        #expect(try BuiltinPresets.named("toddler").profile == .toddler)
        #expect(try BuiltinPresets.named("portrait").profile == .standard)
    }

    @Test func userPresetOverridesItsBase() throws {
        let json = #"{ "base": "portrait", "settings": { "thickness": 5, "blurAmount": 1 } }"#
        let preset = try LineArtPreset.parse(json: Data(json.utf8), fallbackName: "mine")
        var expected = try BuiltinPresets.named("portrait").settings
        expected.thickness = 5
        expected.blurAmount = 1.0
        #expect(preset.settings == expected)
        #expect(preset.name == "mine")
    }

    @Test func unknownKeysAreErrorsNamingTheKey() {
        #expect(throws: SettingsError.unknownKey("thicknes", known: LineArtSettings.specs.map(\.name))) {
            try LineArtPreset.parse(json: Data(#"{"settings": {"thicknes": 3}}"#.utf8), fallbackName: "x")
        }
        #expect(throws: SettingsError.self) {
            try LineArtPreset.parse(json: Data(#"{"colour": "red"}"#.utf8), fallbackName: "x")
        }
        #expect(throws: SettingsError.unknownPreset("nope", known: BuiltinPresets.names)) {
            try LineArtPreset.parse(json: Data(#"{"base": "nope"}"#.utf8), fallbackName: "x")
        }
    }
}

/// A key written twice in one object is refused: the decoder would keep one value silently.
@Suite struct DuplicateKeyTests {
    @Test func aSettingWrittenTwiceIsAnErrorNamingItAndItsLine() {
        let json = "{\"base\": \"portrait\",\n \"settings\": {\n  \"thickness\": 2,\n  \"thickness\": 4\n }\n}"
        #expect(throws: SettingsError.duplicateKey("thickness", objectPath: ["settings"], line: 4)) {
            try LineArtPreset.parse(json: Data(json.utf8), fallbackName: "x")
        }
        #expect(SettingsError.duplicateKey("thickness", objectPath: ["settings"], line: 4).description
                == "duplicate key 'thickness' in \"settings\" at line 4: a key may appear only once, so keep the value you mean")
    }

    @Test func aTopLevelKeyWrittenTwiceIsAnError() {
        #expect(throws: SettingsError.duplicateKey("name", objectPath: [], line: 1)) {
            try LineArtPreset.parse(json: Data(#"{"name": "a", "settings": {}, "name": "b"}"#.utf8), fallbackName: "x")
        }
        #expect(throws: SettingsError.duplicateKey("settings", objectPath: [], line: 1)) {
            try LineArtPreset.parse(json: Data(#"{"settings": {"thickness": 2}, "settings": {"blurAmount": 1}}"#.utf8), fallbackName: "x")
        }
    }

    /// Keys are compared after their escapes are decoded, as the decoder compares them.
    @Test func anEscapedSpellingOfTheSameKeyIsTheSameKey() {
        #expect(throws: SettingsError.duplicateKey("thickness", objectPath: ["settings"], line: 1)) {
            try LineArtPreset.parse(json: Data(#"{"settings": {"thickness": 2, "thick\u006eess": 3}}"#.utf8), fallbackName: "x")
        }
        #expect(JSONText(Data(#"{"\ud83d\ude00": 1, "😀": 2}"#.utf8)).firstDuplicateKey?.key == "😀")
    }

    /// The same key in different objects, and keys that only look alike, are not duplicates.
    @Test func theSameKeyInDifferentObjectsIsNotADuplicate() throws {
        let texts = [
            #"{"name": "x", "settings": {"name": 1}}"#,
            #"[{"file": "a", "preset": "pet"}, {"file": "b", "preset": "pet"}]"#,
            #"{"a": "\"a\": 1, \"a\"", "b": {"a": [1, {"a": 2}]}, "A": 3}"#,
            #"{"images": [], "x": [[], {}], "y": true, "z": null, "w": -1.5e3}"#,
        ]
        for text in texts {
            #expect(JSONText(Data(text.utf8)).firstDuplicateKey == nil, "\(text)")
        }
        let nested = JSONText(Data(#"{"images": [{"file": "a"}, {"file": "b", "file": "c"}]}"#.utf8)).firstDuplicateKey
        #expect(nested == JSONDuplicateKey(key: "file", objectPath: ["images"], line: 1))
        #expect(try LineArtPreset.parse(json: Data(#"{"name": "x", "settings": {"thickness": 4}}"#.utf8), fallbackName: "y").name == "x")
    }
}

@Suite struct SettingsTests {
    @Test func defaultsComeFromTheSpecTable() {
        let settings = LineArtSettings()
        for spec in LineArtSettings.specs {
            #expect(spec.value(in: settings) == spec.defaultValue, "\(spec.name)")
        }
        #expect(throws: Never.self) { try settings.validate() }
    }

    @Test func outOfRangeValuesNameTheFieldAndRange() {
        var settings = LineArtSettings()
        #expect(throws: SettingsError.outOfRange(field: "thickness", value: "9", range: "1...8")) {
            try settings.set("thickness", to: "9")
        }
        #expect(throws: SettingsError.outOfRange(field: "maxDimension", value: "100", range: "256...1024")) {
            try settings.set("maxDimension", to: "100")
        }
        #expect(throws: SettingsError.self) { try settings.set("closeLargeGaps", to: "maybe") }
        #expect(throws: SettingsError.self) { try settings.set("contrastAdjustment", to: "abc") }
        #expect(throws: SettingsError.self) { try settings.set("engine", to: "magic") }
        settings.thickness = 0
        #expect(throws: SettingsError.outOfRange(field: "thickness", value: "0", range: "1...8")) {
            try settings.validate()
        }
    }

    @Test func setParsesEachKind() throws {
        var settings = LineArtSettings()
        try settings.set("thickness", to: "5")
        try settings.set("contrastAdjustment", to: "1.75")
        try settings.set("simplifyRegions", to: "yes")
        #expect(settings.thickness == 5 && settings.contrastAdjustment == 1.75 && settings.simplifyRegions)
    }

    /// A null, array or object where a setting's value goes is named as such, with what the
    /// setting takes, instead of "'a non-scalar' ... expected a 1...8 value".
    @Test func aNullOrListValueIsNamedWithWhatTheSettingTakes() {
        #expect(throws: SettingsError.invalidValue(field: "thickness", value: "null", expected: "an integer in 1...8")) {
            try LineArtPreset.parse(json: Data("{\"settings\": {\"thickness\": null}}".utf8), fallbackName: "x")
        }
        #expect(throws: SettingsError.invalidValue(field: "engine", value: "an array", expected: "one of edges, regions")) {
            try LineArtPreset.parse(json: Data("{\"settings\": {\"engine\": [\"edges\"]}}".utf8), fallbackName: "x")
        }
        #expect(throws: SettingsError.invalidValue(field: "faceFeatures", value: "an object", expected: "true or false")) {
            try LineArtPreset.parse(json: Data("{\"settings\": {\"faceFeatures\": {}}}".utf8), fallbackName: "x")
        }
    }

    /// "-0" is a valid zero, but a tuned preset or report saying `"blurAmount": -0.0` reads
    /// as a different value: it is stored as 0, from --set, --grid and preset files alike.
    @Test func negativeZeroIsStoredAsZero() throws {
        var settings = LineArtSettings()
        try settings.set("blurAmount", to: "-0")
        #expect(settings.blurAmount.sign == .plus)
        let preset = try LineArtPreset.parse(json: Data("{\"settings\": {\"blurAmount\": -0.0}}".utf8), fallbackName: "z")
        #expect(preset.jsonText.contains("\"blurAmount\": 0.0"), "\(preset.jsonText)")
        #expect(try GridAxis.parse("blurAmount=-0,1").values == [.double(0), .double(1)])
        if case .double(let zero) = try GridAxis.parse("blurAmount=-0").values[0] { #expect(zero.sign == .plus) }
    }
}
