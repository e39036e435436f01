import Foundation

/// The absolute, standardised form of `path`.
func absolutePath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}

/// `path` relative to the folder `base` (both made absolute first), e.g. `../../SampleImages/a.jpg`.
func relativePath(_ path: String, from base: String) -> String {
    let target = absolutePath(path).split(separator: "/")
    let origin = absolutePath(base).split(separator: "/")
    var common = 0
    while common < target.count && common < origin.count && target[common] == origin[common] { common += 1 }
    let ups = Array(repeating: "..", count: origin.count - common)
    return (ups + target[common...].map(String.init)).joined(separator: "/")
}
