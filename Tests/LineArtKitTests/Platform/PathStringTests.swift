import Foundation
import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// `PathString` gives what Foundation's `NSString` path methods give (the binary no longer
/// links the Foundation that has them; the tests still do, to compare).
@Suite struct PathStringTests {
    static let paths = [
        "", "/", "//", "///", "a", "a/", "a//", "/a", "/a/", "//a", "a/b", "a//b", "a/b/", "/a/b/c",
        "./a", "../a", ".", "..", "a/.", "a/..", ".profile", "a/.profile", "a.", "a/b.", "..a", "a..b",
        "photo.jpg", "photo.JPG", "dir.d/photo", "dir.d/photo.tar.gz", "/x/y.z/", "é/ü.png", "😀", "😀/😀.😀",
        "a b/c d.e f", "-/.",
    ]

    @Test(arguments: paths) func matchesNSString(_ path: String) {
        let ns = path as NSString
        // NSString traps on a one-character relative path ("a", "a/"): it has no folder.
        if path.filter({ $0 != "/" }).count == 1 && !path.hasPrefix("/") {
            #expect(PathString.deletingLastComponent(path) == "", "\(path)")
        } else {
            #expect(PathString.deletingLastComponent(path) == ns.deletingLastPathComponent, "\(path)")
        }
        #expect(PathString.lastComponent(path) == ns.lastPathComponent, "\(path)")
        #expect(PathString.pathExtension(path) == ns.pathExtension, "\(path)")
        #expect(PathString.deletingExtension(path) == ns.deletingPathExtension, "\(path)")
        for name in ["", "b", "b/c", "/b", "b/"] {
            #expect(PathString.appending(name, to: path) == ns.appendingPathComponent(name), "\(path) + \(name)")
        }
    }
}
