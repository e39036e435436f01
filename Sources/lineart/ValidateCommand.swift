import ArgumentParser
import FoundationEssentials
import LineArtKit

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check whether existing line art is fillable.",
        discussion: """
            Checks any black-on-white page (paper is gray >= 128) against the preset's targets: region count, closure, leak, tap usability. A page convert wrote (its NAME.json beside it) is measured as convert measured it, against the targets in NAME.json unless --preset or --set is given, with suggestions for its settings; any other page is measured on its drawing box (the paper margin left out), with suggestions for the drawing. Folders are walked like convert's, without its region maps.

            Exit status: 0 every page passes, 1 some page fails or cannot be read, 2 usage error. A path that does not exist (or cannot be read) is a usage error when none of the named paths can be used.

            Examples:
              lineart validate pages/
              lineart validate pages/apple.png --preset toddler --json

            More (region maps, photos, exit status): docs/validate.md
            """
    )

    @Argument(help: ArgumentHelp("Line-art images (PNG or JPEG) and folders of them.", valueName: "image"))
    var images: [String] = []

    // A number option takes the next argument whatever it looks like (parsing: .unconditional),
    // so a negative value (`--max-megapixels -5`) reaches the range check in validate() instead of being
    // read as an option named '-5'.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Refuse images with more pixels than this, before decoding them (a letter page at 1200 DPI is 135).", valueName: "megapixels"))
    var maxMegapixels: Int = 200

    @OptionGroup var presetOptions: PresetOptions<PortraitByDefault>

    @Flag(name: .long, help: "Print the reports as JSON on stdout.")
    var json = false

    func validate() throws {
        if images.isEmpty {
            throw ValidationError("no image: name line-art files to check, e.g. 'lineart validate pages/apple.png --preset toddler'")
        }
        if maxMegapixels < 1 { throw ValidationError("--max-megapixels must be at least 1") }
    }

    /// The pages to check: the files named, and the images in the folders named, without
    /// convert's region maps (``RegionMap/isMapFile(atPath:)``: by name and content, so the
    /// 8-bit page of a photo named `x.regions.jpg` is checked); plus what could not be walked.
    /// - Throws: a `ValidationError` when none of the paths named can be used
    ///   (``requireSomeNamedInput(_:named:)``).
    func pages() throws -> (paths: [String], problems: [InputDiscovery.Problem]) {
        let found = InputDiscovery().discover(images)
        try requireSomeNamedInput(found, named: images)
        let named = Set(images)
        let paths = found.inputs.map(\.path).filter { named.contains($0) || !RegionMap.isMapFile(atPath: $0) }
        for file in found.passedOver { writeError("lineart: \(file.path): \(file.reason)\n") }
        return (paths, found.problems)
    }

    func run() throws {
        let preset = try presetOptions.resolve()
        var entries: [PageValidation] = []
        var allPass = true
        let (paths, problems) = try pages()
        for problem in problems {
            allPass = false
            entries.append(PageValidation(input: problem.path, fillability: nil, error: problem.reason))
            writeError("lineart: \(problem.path): \(problem.reason)\n")
        }
        if paths.isEmpty && problems.isEmpty {
            // Not a failure (nothing was checked, nothing failed), but said.
            writeError("lineart: no images found in \(images.joined(separator: ", ")) (PNG and JPEG files; hidden files and region maps NAME.regions.png are skipped)\n")
        }
        for path in paths {
            do {
                let check = try validatePage(atPath: path, preset: preset, presetNamed: presetOptions.isNamed,
                                             maxPixels: DecodeOptions.maxPixels(megapixels: maxMegapixels))
                entries.append(PageValidation(input: path, fillability: check.fillability, error: nil,
                                              warnings: check.warnings, report: check.reportPath))
                allPass = allPass && check.fillability.passes
                for warning in check.warnings { writeError("lineart: warning: \(path): \(warning)\n") }
                if !json { print(Self.describe(path: path, check)) }
            } catch {
                allPass = false
                entries.append(PageValidation(input: path, fillability: nil, error: "\(error)"))
                writeError("lineart: \(path): \(error)\n")
            }
        }
        if json {
            let report = ValidationReport(schemaVersion: ValidationReport.currentSchemaVersion, preset: preset.name, pages: entries)
            writeOutput(try encodeReportJSON(report))
        }
        if !allPass { throw ExitCode(ExitStatus.someFailed) }
    }

    static func describe(path: String, _ check: PageCheck) -> String {
        func pct(_ v: Double) -> String { String(cFormat: "%.1f%%", v * 100) }
        let r = check.fillability
        // A page of this tool is measured as convert made it, and its suggestions name the settings of its report.
        let origin = check.reportPath.map { " (made with preset \(check.madeWithPreset ?? "?"), settings in \($0))" } ?? ""
        var lines = ["\(path): \(r.passes ? "PASSES" : "does not pass"), score \(r.scoreText)\(origin)"]
        let t = r.targets
        lines.append("  regions \(r.regionCount) (target \(t.minRegions)-\(t.maxRegions))  closure \(pct(r.closureRate)) (>= \(pct(t.minClosure)))"
                     + "  leak \(pct(r.leakPotential)) (< \(pct(t.maxLeak)))  tap \(pct(r.tapUsability)) (>= \(pct(t.minTap)))  ink \(pct(r.inkFraction))")
        for suggestion in r.suggestions { lines.append("  - \(suggestion)") }
        return lines.joined(separator: "\n")
    }
}
