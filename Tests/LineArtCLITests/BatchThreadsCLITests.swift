import Foundation
import Testing

/// The threads a batch gives each photo (``threadsForPhoto(at:of:jobs:)``: with `--jobs 2`
/// the last of three photos gets both cores) change how long it takes, never the pages.
@Suite struct BatchThreadsCLITests {
    @Test func pagesDoNotDependOnTheJobs() throws {
        let folder = try TemporaryFolder()
        for name in ["LadyBird.jpg", "squirrel_cls.jpg", "apple.jpg"] {
            try folder.copySample(name, to: "in/\(name)")
        }
        for jobs in ["1", "2"] {
            let result = try CLI.run(["convert", "in", "-o", "out\(jobs)", "--regions", "--jobs", jobs, "-q"],
                                     in: folder.url)
            #expect(result.status == 0, "--jobs \(jobs): \(result.stderr)")
        }
        for stem in ["LadyBird", "squirrel_cls", "apple"] {
            for suffix in [".png", ".regions.png"] {
                let one = try Data(contentsOf: folder.path("out1/\(stem)\(suffix)"))
                let two = try Data(contentsOf: folder.path("out2/\(stem)\(suffix)"))
                #expect(one == two, "\(stem)\(suffix) differs between --jobs 1 and --jobs 2")
            }
        }
    }
}
