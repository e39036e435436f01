import LineArtKit
import Testing

struct LocalePaperTests {
    @Test(arguments: [
        ([String: String](), PageSize.a4),
        (["LANG": "en_US.UTF-8"], .letter),
        (["LANG": "fr_CA"], .letter),
        (["LANG": "en_GB.UTF-8"], .a4),
        (["LANG": "C.UTF-8"], .a4),
        (["LANG": "POSIX"], .a4),
        (["LC_PAPER": "en_US.UTF-8", "LANG": "de_DE.UTF-8"], .letter),
        (["LC_PAPER": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], .a4),
        (["LC_PAPER": "", "LANG": "en_CA.UTF-8@euro"], .letter),
        (["LC_ALL": "de_AT.UTF-8", "LC_PAPER": "en_US.UTF-8"], .a4),
    ])
    func paperFollowsTheLocalesTerritory(environment: [String: String], paper: PageSize) {
        #expect(LocalePaper.paper(environment: environment) == paper)
    }
}
