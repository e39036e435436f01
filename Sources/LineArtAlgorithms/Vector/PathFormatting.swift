/// Fixed-point number text for path data: at most `decimals` decimals, trailing zeros and
/// a negative zero dropped ("12.5", "3", "-0.25"). Avoids `String(format:)`, which is slow.
func appendNumber(_ value: Double, decimals: Int = 2, to out: inout [UInt8]) {
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    var scaled = Int((value * Double(scale)).rounded())
    if scaled < 0 {
        out.append(UInt8(ascii: "-"))
        scaled = -scaled
    }
    let whole = scaled / scale
    var fraction = scaled % scale
    appendInteger(whole, to: &out)
    if fraction != 0 {
        out.append(UInt8(ascii: "."))
        var digits = decimals
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var buffer = [UInt8](repeating: UInt8(ascii: "0"), count: digits)
        var f = fraction
        for k in stride(from: digits - 1, through: 0, by: -1) {
            buffer[k] = UInt8(ascii: "0") + UInt8(f % 10)
            f /= 10
        }
        out.append(contentsOf: buffer)
    }
}

func appendInteger(_ value: Int, to out: inout [UInt8]) {
    if value < 0 {
        out.append(UInt8(ascii: "-"))
        appendInteger(-value, to: &out)
        return
    }
    if value >= 10 { appendInteger(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
}

extension Array where Element == UInt8 {
    mutating func appendASCII(_ text: String) { append(contentsOf: text.utf8) }
}
