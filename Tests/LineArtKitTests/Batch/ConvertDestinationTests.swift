import LineArtKit
import Testing

/// One photo can become one file; a folder, or several photos, need a folder.
struct ConvertDestinationTests {
    static func choose(_ inputs: [String], _ output: String?, formats: [PageFormat] = [],
                       folders: Set<String> = ["photos", "pages.png"]) throws(ConvertDestinationError)
        -> (destination: ConvertDestination, formats: [PageFormat]) {
        try ConvertDestination.choose(inputs: inputs, output: output, formats: formats) { folders.contains($0) }
    }

    @Test func onePhotoGoesToTheFileNamedOrHereAsNamePage() throws {
        #expect(try Self.choose(["a/cat.jpg"], "out/cat-page.PNG") == (.file(base: "out/cat-page"), [.png]))
        #expect(try Self.choose(["cat.jpg"], "cat.svg") == (.file(base: "cat"), [.svg]))
        #expect(try Self.choose(["a/cat.jpg"], nil) == (.file(base: "cat.page"), [.png]))
        #expect(try Self.choose(["a/cat.jpg"], nil, formats: [.png, .pdf]) == (.file(base: "cat.page"), [.png, .pdf]))
        #expect(try Self.choose(["-"], nil) == (.file(base: "stdin.page"), [.png]))
        #expect(try Self.choose(["-"], "-", formats: [.pdf]) == (.standardOutput, [.pdf]))
    }

    @Test func foldersStayFolders() throws {
        #expect(try Self.choose(["photos"], "pages") == (.folder("pages"), [.png]))
        #expect(try Self.choose(["a.jpg", "b.jpg"], "pages") == (.folder("pages"), [.png]))
        #expect(try Self.choose(["cat.jpg"], "pages.png") == (.folder("pages.png"), [.png]))  // an existing folder
    }

    @Test func whatCannotBeWrittenIsSaid() {
        #expect(throws: ConvertDestinationError.missingOutput) { try Self.choose(["photos"], nil) }
        #expect(throws: ConvertDestinationError.fileForManyPhotos("book.png")) { try Self.choose(["photos"], "book.png") }
        #expect(throws: ConvertDestinationError.fileForManyPhotos("-")) { try Self.choose(["a.jpg", "b.jpg"], "-") }
        #expect(throws: ConvertDestinationError.formatContradictsFile("cat.png")) {
            try Self.choose(["cat.jpg"], "cat.png", formats: [.svg])
        }
        #expect(throws: ConvertDestinationError.severalFormatsOnStandardOutput) {
            try Self.choose(["cat.jpg"], "-", formats: [.png, .svg])
        }
        #expect(throws: ConvertDestinationError.standardInputNotAlone) { try Self.choose(["-", "a.jpg"], "pages") }
        #expect(throws: ConvertDestinationError.standardInputToFolder) { try Self.choose(["-"], "pages") }
    }
}
