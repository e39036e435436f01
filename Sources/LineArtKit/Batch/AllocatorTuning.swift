import CImageCodecs

/// Keeps freed image buffers inside the process for reuse; call once at program start.
///
/// glibc serves allocations above its mmap threshold (128 KB, adaptive up to 32 MB) with
/// fresh mmap(2) mappings and unmaps them on free, so each stage's multi-megabyte planes
/// are new pages the kernel must fault in and zero: about 8,400 page faults and 15-25 ms
/// of system time for one 20 MP photo. With a 256 MB threshold and no trimming, freed
/// buffers return to malloc's heap and the next stage reuses them (about 5,500 faults).
/// Peak memory is about the same: buffers are reused, not kept in addition.
/// - Returns: whether the allocator was tuned (false off glibc).
@discardableResult
public func keepFreedMemoryForReuse() -> Bool {
    cic_keep_freed_memory_for_reuse() == 1
}
