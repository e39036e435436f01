/// A key written twice in one object of a JSON text (`{"thickness": 2, "thickness": 9}`).
///
/// `JSONDecoder` keeps one of the two values and says nothing, so a preset file whose
/// author meant one of them silently gets the other; ``JSONText`` finds such a key so the
/// file can be refused with the key, the object and the line named.
package struct JSONDuplicateKey: Sendable, Equatable, CustomStringConvertible {
    /// The key, with its escapes decoded (`"thick\u006eess"` is `thickness`).
    var key: String
    /// The keys leading to the object that holds it: `[]` for the top level, `["settings"]`
    /// for a preset's settings (an array on the way adds nothing).
    var objectPath: [String]
    /// 1-based line of the second occurrence.
    var line: Int

    /// For people: `duplicate key 'thickness' in "settings" at line 4: ...`.
    package var description: String {
        let place = objectPath.isEmpty ? "" : " in \"\(objectPath.joined(separator: "."))\""
        return "duplicate key '\(key)'\(place) at line \(line): a key may appear only once, so keep the value you mean"
    }
}
