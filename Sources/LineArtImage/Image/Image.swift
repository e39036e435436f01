/// A raster of interleaved samples in row-major order, held in one contiguous array.
///
/// `Image<UInt8>` with 3 channels is RGB, with 1 channel gray. Line art is a
/// 1-channel `Image<UInt8>` whose samples are 0 (ink) or 255 (paper).
/// Hot loops reach the samples through `withUnsafeBufferPointer` /
/// `withUnsafeMutableBufferPointer`; the subscript is for tests and setup code.
public struct Image<Sample: BitwiseCopyable & Sendable & Equatable>: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let channels: Int
    public var samples: [Sample]

    /// - Precondition: `samples.count == width * height * channels`.
    public init(width: Int, height: Int, channels: Int = 1, samples: [Sample]) {
        precondition(width >= 0 && height >= 0 && channels >= 1, "bad image geometry")
        precondition(samples.count == width * height * channels, "sample count does not match geometry")
        self.width = width
        self.height = height
        self.channels = channels
        self.samples = samples
    }

    public init(width: Int, height: Int, channels: Int = 1, repeating value: Sample) {
        self.init(width: width, height: height, channels: channels,
                  samples: Array(repeating: value, count: width * height * channels))
    }

    public var pixelCount: Int { width * height }
    public var size: ImageSize { ImageSize(width: width, height: height) }

    public subscript(x: Int, y: Int, channel: Int = 0) -> Sample {
        get { samples[(y * width + x) * channels + channel] }
        set { samples[(y * width + x) * channels + channel] = newValue }
    }
}

public typealias ByteImage = Image<UInt8>
public typealias FloatImage = Image<Float>

/// Width and height in pixels.
public struct ImageSize: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public var pixelCount: Int { width * height }
    public var description: String { "\(width)x\(height)" }
}

extension Image {
    /// The `width × height` window whose top-left pixel is `(x, y)`; it must lie inside.
    /// Specialised for bytes and floats, as ``oriented(_:)`` is.
    @_specialize(where Sample == UInt8)
    @_specialize(where Sample == Float)
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> Image {
        precondition(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height, "crop leaves the image")
        var samples = [Sample]()
        samples.reserveCapacity(width * height * channels)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * channels
            samples.append(contentsOf: self.samples[start..<(start + width * channels)])
        }
        return Image(width: width, height: height, channels: channels, samples: samples)
    }
}

extension Image {
    /// One channel of the image as a 1-channel image of the same size. Specialised for bytes
    /// and floats, as ``oriented(_:)`` is.
    @_specialize(where Sample == UInt8)
    @_specialize(where Sample == Float)
    public func channel(_ c: Int) -> Image {
        precondition(c >= 0 && c < channels, "no such channel")
        let n = pixelCount, ch = channels
        let plane = [Sample](unsafeUninitializedCapacity: n) { buffer, initialized in
            samples.withUnsafeBufferPointer { s in
                for i in 0..<n { buffer[i] = s[i * ch + c] }
            }
            initialized = n
        }
        return Image(width: width, height: height, channels: 1, samples: plane)
    }
}
