import Synchronization

/// A photo's page PNG encoded on its second thread while the first validates the page.
///
/// The page is final once post-processed; validation (about 0.6 ms for the 20 MP sample)
/// and the PNG encoding (about 1.1 ms) both only read it. ``PhotoConverter`` sets
/// ``current`` around a one-candidate pipeline run with two threads and the plain bitmap
/// page; ``LineArtPipeline`` calls ``start(_:)`` with the page before validating it, and
/// the converter takes the bytes (``result()``) instead of encoding the page again.
final class EarlyPageEncode: Sendable {
    /// The encoder of the pipeline run on this task, if the converter wants one.
    @TaskLocal static var current: EarlyPageEncode?

    /// The PNG's resolution, as the converter would encode it.
    let dpi: Double?
    private let pending = PendingResult<(bytes: Result<[UInt8], CodecError>, milliseconds: Double)>()
    private let started = Atomic<Bool>(false)

    init(dpi: Double?) {
        self.dpi = dpi
    }

    /// Starts encoding `page` on a second thread.
    func start(_ page: ByteImage) {
        started.store(true, ordering: .releasing)
        let dpi = self.dpi, pending = self.pending
        _ = startOnSecondThread {
            var milliseconds = 0.0
            let bytes = timed(&milliseconds) {
                Result { () throws(CodecError) -> [UInt8] in try PhotoConverter.pageEncoder(dpi: dpi).encode(page) }
            }
            pending.fulfil((bytes, milliseconds))
        }
    }

    /// The encoded page and how long encoding took, once done; nil when ``start(_:)`` was
    /// not called.
    func result() -> (bytes: Result<[UInt8], CodecError>, milliseconds: Double)? {
        started.load(ordering: .acquiring) ? pending.wait() : nil
    }
}
