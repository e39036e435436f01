/// Where `lineart convert` writes, from its inputs and `--output`, as image tools do: one
/// photo can become one file, a folder of photos needs a folder.
public enum ConvertDestination: Sendable, Equatable {
    /// `-o DIR`: `NAME.png` and `NAME.json` per photo, and `report.json`.
    case folder(String)
    /// One photo's page at `base` + `.png|.svg|.pdf` (`-o cat-page.png` gives base
    /// `cat-page`; no `-o` gives `NAME.page` in the current folder), its report at
    /// `base.json` only when asked for.
    case file(base: String)
    /// `-o -`: the page on standard output.
    case standardOutput

    /// The input that stands for standard input, and the output that stands for standard output.
    public static let standardStream = "-"

    /// Chooses the destination and the page formats.
    /// - Parameters:
    ///   - inputs: the inputs named (`-` is standard input).
    ///   - output: `--output`, if given.
    ///   - formats: `--format`'s formats (empty when not given: PNG, or the file's extension).
    ///   - isFolder: whether a path names an existing folder.
    /// - Returns: the destination and the formats to write (never empty).
    /// - Throws: ``ConvertDestinationError`` for a combination that cannot be written.
    public static func choose(inputs: [String], output: String?, formats: [PageFormat],
                              isFolder: (String) -> Bool) throws(ConvertDestinationError)
        -> (destination: ConvertDestination, formats: [PageFormat])
    {
        let readsStandardInput = inputs.contains(standardStream)
        if readsStandardInput && inputs.count > 1 { throw .standardInputNotAlone }
        let onePhoto = inputs.count == 1 && (readsStandardInput || !isFolder(inputs[0]))
        let chosen = formats.isEmpty ? [PageFormat.png] : formats
        guard let output else {
            guard onePhoto else { throw .missingOutput }
            return (.file(base: defaultBase(for: inputs[0])), chosen)
        }
        if output == standardStream {
            guard onePhoto else { throw .fileForManyPhotos(output) }
            guard chosen.count == 1 else { throw .severalFormatsOnStandardOutput }
            return (.standardOutput, chosen)
        }
        let fileFormat = PageFormat(rawValue: PathString.pathExtension(output).lowercased())
        if let fileFormat, !isFolder(output) {
            guard onePhoto else { throw .fileForManyPhotos(output) }
            guard formats.isEmpty || formats == [fileFormat] else { throw .formatContradictsFile(output) }
            return (.file(base: PathString.deletingExtension(output)), [fileFormat])
        }
        if readsStandardInput { throw .standardInputToFolder }
        return (.folder(output), chosen)
    }

    /// `NAME.page` in the current folder for the photo `input` (`stdin.page` for standard input).
    static func defaultBase(for input: String) -> String {
        let stem = input == standardStream ? "stdin" : PathString.deletingExtension(PathString.lastComponent(input))
        return stem + ".page"
    }
}

/// A combination of inputs and `--output` that `convert` cannot write.
public enum ConvertDestinationError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingOutput
    case fileForManyPhotos(String)
    case formatContradictsFile(String)
    case severalFormatsOnStandardOutput
    case standardInputNotAlone
    case standardInputToFolder

    public var description: String {
        switch self {
        case .missingOutput:
            return "missing --output DIR: the folder where pages and reports are written (only a single photo goes without it, to NAME.page.png here)"
        case .fileForManyPhotos(let output):
            return "--output \(output) names one page, but a folder or several photos need a folder: e.g. --output pages"
        case .formatContradictsFile(let output):
            return "--format contradicts --output \(output): the page's format is its extension; leave out --format"
        case .severalFormatsOnStandardOutput:
            return "--output - writes one page: name one format with --format"
        case .standardInputNotAlone:
            return "'-' (standard input) must be the only input"
        case .standardInputToFolder:
            return "'-' (standard input) is one photo: write its page with --output NAME.png, --output - or no --output"
        }
    }
}
