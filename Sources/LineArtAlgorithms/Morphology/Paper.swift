/// Samples of a line-art page at or above this value are paper; below it, ink.
package let paperThreshold: UInt8 = 128

/// Whether a line-art sample is paper (`>= paperThreshold`).
@inline(__always)
package func isPaper(_ sample: UInt8) -> Bool { sample >= paperThreshold }
