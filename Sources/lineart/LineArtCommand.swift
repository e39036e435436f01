import ArgumentParser

@main
struct LineArtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lineart",
        abstract: "Turn folders of photos into coloring pages.",
        discussion: """
            Each photo becomes black line art on white paper plus a JSON report that says whether the page is fillable: how many regions it has, how many are closed, how much of the page one tap at a corner floods, and how many regions are big enough to tap.

            Start with:
              lineart convert SampleImages --output pages
              lineart presets
            """,
        version: LineArtVersion.string,
        subcommands: [ConvertCommand.self, ReportCommand.self, ValidateCommand.self, PresetsCommand.self, TuneCommand.self, BenchCommand.self]
    )
}

enum LineArtVersion {
    static let string = "0.1.0"
}
