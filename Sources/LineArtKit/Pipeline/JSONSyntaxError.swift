import Foundation

/// Where JSON text stops being JSON, for people: "invalid value at line 2, column 29".
///
/// `JSONDecoder` says only "The given data was not valid JSON."; `JSONSerialization` names
/// the character ("Invalid value around character 41."), which is turned into a line and
/// column of `data`. nil when `data` is valid JSON.
func jsonSyntaxError(in data: Data) -> String? {
    do {
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return nil
    } catch {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
              let offset = Int(detail[range].dropFirst("character ".count)) else {
            return detail
        }
        let prefix = data.prefix(max(0, offset))
        let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 - prefix.startIndex + 1 } ?? 0) + 1
        let what = detail.split(separator: " around").first.map { $0.prefix(1).lowercased() + $0.dropFirst() } ?? "invalid JSON"
        return "\(what) at line \(line), column \(column)"
    }
}
