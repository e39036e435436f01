import CImageCodecs
import FoundationEssentials
import Dispatch

/// Work that reads a JPEG's rows while libjpeg is still decoding the rest on a second
/// thread (see ``JPEGDecoder/decode(_:options:overlapping:)``).
///
/// libjpeg decodes a baseline JPEG top to bottom on one core; a consumer turns the rows it
/// has finished into something else (the preprocessing's resize, Lab and Kuwahara rows) on
/// the other core meanwhile. The consumer keeps its own result; the decoder only runs it.
protocol ScanlineConsumer: AnyObject, Sendable {
    /// Whether to consume a decode of `width` x `height` pixels of `channels` (1 or 3)
    /// bytes, upright as stored. Asked on the decoding thread before any row exists; when
    /// false, the JPEG decodes as without a consumer.
    func accepts(width: Int, height: Int, channels: Int) -> Bool

    /// Reads the rows of `feed` in order (``ScanlineFeed/waitForRows(_:)``) on the calling
    /// thread while libjpeg decodes on another. Must return once the feed says that no more
    /// rows will come.
    func consume(_ feed: ScanlineFeed)
}

/// The rows of one decode, shared between the decoding thread (which publishes how many
/// rows are final) and the consumer (which waits for them).
///
/// Rows below the published count are never written again, so the consumer reads them
/// without locking; the count itself moves under a condition lock, which also orders
/// the row bytes before it. Published once per batch of scanlines (16 rows); the consumer
/// is woken only once the rows it waits for are there.
final class ScanlineFeed: @unchecked Sendable {
    /// Row `y` starts at `pixels + y * width * channels`.
    let pixels: UnsafePointer<UInt8>
    let width: Int
    let height: Int
    let channels: Int

    private let condition = MutexLock()
    private var rowsDone = 0
    private var ended = false
    private var wanted = Int.max  // rows the waiting consumer needs (Int.max: not waiting)

    init(pixels: UnsafePointer<UInt8>, width: Int, height: Int, channels: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.channels = channels
    }

    /// Decoding thread: rows `0..<rows` are final.
    func publish(rowsDone rows: Int) {
        condition.lock()
        rowsDone = rows
        if rows >= wanted { condition.signal() }  // wake the consumer only when it can go on
        condition.unlock()
    }

    /// Decoding thread: no more rows will be published (the decode finished or failed).
    func end() {
        condition.lock()
        ended = true
        condition.signal()
        condition.unlock()
    }

    /// Consumer thread: blocks until at least `count` rows are final and returns how many
    /// are (possibly more); nil when the decode ended before `count` rows (it failed).
    func waitForRows(_ count: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        wanted = count
        while rowsDone < count && !ended { condition.wait() }
        wanted = Int.max
        return rowsDone >= count ? rowsDone : nil
    }

    /// Runs `decode` on a new thread and then ``end()``, while `consumer.consume(self)`
    /// runs on the calling thread; returns when both have. `decode` publishes the rows.
    ///
    /// libjpeg gets the new thread (a dedicated one, not a Dispatch worker, so it starts
    /// even when every worker is busy): its setjmp and longjmp stay on that thread, and
    /// the consumer's buffers come from the calling thread's malloc arena, where the later
    /// stages reuse them once freed (a second thread's arena would keep them resident).
    func run(decoding decode: @escaping @Sendable () -> Void, consumer: any ScanlineConsumer) {
        let decoded = DispatchSemaphore(value: 0)
        startDetachedThread(stackSize: 1 << 20, besideCaller: true) { [self] in
            decode()
            end()
            decoded.signal()
        }
        consumer.consume(self)
        decoded.wait()
    }
}
