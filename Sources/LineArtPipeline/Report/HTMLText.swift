/// Text helpers shared by the HTML reports (tuning report, contact sheet).

/// The start of a report page up to `<h1>`: shared styles (tables of images with their
/// metrics, pass/fail colours) plus `extraStyle`, with images at most `imageSize` px.
package func htmlDocumentStart(title: String, imageSize: (width: Int, height: Int), extraStyle: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
    <style>
    body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
    table { border-collapse: collapse; }
    th, td { border: 1px solid #ccc; padding: 6px; vertical-align: top; }
    th { background: #f4f4f4; text-align: left; }
    td img { max-width: \(imageSize.width)px; max-height: \(imageSize.height)px; display: block; border: 1px solid #ddd; background: #fff; }
    .pass { color: #176317; font-weight: bold; } .fail { color: #a01818; font-weight: bold; }
    \(extraStyle)
    </style></head><body>
    <h1>\(escape(title))</h1>

    """
}

/// `v` with exactly `digits` decimals, without Foundation's locale-dependent formatting.
package func htmlFixed(_ v: Double, digits: Int = 3) -> String {
    guard v.isFinite else { return "\(v)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (v * scale).rounded() / scale
    var text = String(r)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    } else {
        text += "." + String(repeating: "0", count: digits)
    }
    return text
}

/// A fraction as a percentage with one decimal: 0.1234 → "12.3%".
package func htmlPercent(_ v: Double) -> String { htmlFixed(v * 100, digits: 1) + "%" }

/// Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values.
package func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(c)
        }
    }
    return out
}

/// `path` as the path of a relative URL (RFC 3986 section 2): every UTF-8 byte except the
/// unreserved characters (`A-Z a-z 0-9 - . _ ~`) and the `/` between folders written as
/// `%XX`, so `#`, `?`, `%`, `:`, spaces, control characters and non-ASCII letters stay part
/// of the file name instead of starting a fragment, a query or an escape (`photo #1.jpg` →
/// `photo%20%231.jpg`). For an `href` or `src`, pass the result through ``escape(_:)`` too.
package func percentEncodedPath(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(path.utf8.count)
    for byte in path.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            out.append(byte)
        default:
            out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}
