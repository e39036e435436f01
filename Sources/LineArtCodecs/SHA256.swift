/// SHA-256 (FIPS 180-4) of a byte buffer, as 64 lower-case hex digits: the hash a photo's
/// report records for each of its files, so a later run can tell a file it wrote from a
/// truncated or replaced one (and `sha256sum` gives the same digits).
public func sha256Hex(_ bytes: UnsafeRawBufferPointer) -> String {
    var state: [UInt32] = [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
                           0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19]
    let fullBlocks = bytes.count / 64
    var words = [UInt32](repeating: 0, count: 64)
    for block in 0..<fullBlocks {
        sha256Compress(&state, &words, UnsafeRawBufferPointer(rebasing: bytes[block * 64..<block * 64 + 64]))
    }
    // The tail, a 1 bit, zeros, and the length in bits (big-endian): one or two blocks.
    var tail = Array(bytes[(fullBlocks * 64)...])
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    let bitCount = UInt64(bytes.count) &* 8
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
    tail.withUnsafeBytes { padded in
        for block in 0..<padded.count / 64 {
            sha256Compress(&state, &words, UnsafeRawBufferPointer(rebasing: padded[block * 64..<block * 64 + 64]))
        }
    }
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for word in state {
        for shift in stride(from: 28, through: 0, by: -4) { hex.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
    }
    return String(decoding: hex, as: UTF8.self)
}

/// ``sha256Hex(_:)`` of an array.
public func sha256Hex(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { sha256Hex($0) }
}

private let sha256RoundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
]

/// One 64-byte block into `state`; `words` is the message schedule's storage.
private func sha256Compress(_ state: inout [UInt32], _ words: inout [UInt32], _ block: UnsafeRawBufferPointer) {
    @inline(__always) func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
    for i in 0..<16 {
        words[i] = UInt32(block[i * 4]) << 24 | UInt32(block[i * 4 + 1]) << 16
            | UInt32(block[i * 4 + 2]) << 8 | UInt32(block[i * 4 + 3])
    }
    for i in 16..<64 {
        let s0 = rotr(words[i - 15], 7) ^ rotr(words[i - 15], 18) ^ (words[i - 15] >> 3)
        let s1 = rotr(words[i - 2], 17) ^ rotr(words[i - 2], 19) ^ (words[i - 2] >> 10)
        words[i] = words[i - 16] &+ s0 &+ words[i - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
    for i in 0..<64 {
        let t1 = h &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ sha256RoundConstants[i] &+ words[i]
        let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
    }
    state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
    state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
}
