/// The file `lineart tune` saves the tuned preset of `baseName` in: `NAME-tuned.json`, one
/// file name inside `--output`. A preset's name is free text, so each `/` (and NUL) becomes
/// `-` ("../x" gives "..-x-tuned.json", never a file above the folder), and a name too long
/// for a file name (255 bytes) is cut at a character.
package func tunedPresetFileName(baseName: String) -> String {
    let suffix = "-tuned.json"
    var name = ""
    for character in baseName {
        let safe = character == "/" || character == "\u{0}" ? "-" : String(character)
        if name.utf8.count + safe.utf8.count + suffix.utf8.count > 255 { break }
        name += safe
    }
    return name + suffix
}
