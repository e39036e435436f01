import CImageCodecs

/// What ``keepFreedMemoryForReuse()`` set up in glibc's malloc.
public struct AllocatorTuning: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Freed large buffers stay in the heap for the next stage to reuse.
    public static let reuse = AllocatorTuning(rawValue: Int32(CIC_ALLOC_REUSE))
    /// One heap for all threads, reserved at once and madvised for transparent huge pages.
    public static let hugePages = AllocatorTuning(rawValue: Int32(CIC_ALLOC_HUGE_PAGES))

    /// What ``keepFreedMemoryForReuse()`` applied in this process (empty before it ran).
    public static var current: AllocatorTuning { AllocatorTuning(rawValue: cic_allocator_tuning()) }

    /// `reuse`, `hugePages`: the names of the options set, for reports.
    public var names: [String] {
        [(AllocatorTuning.reuse, "reuse"), (.hugePages, "hugePages")].filter { contains($0.0) }.map(\.1)
    }
}

/// Tunes the allocator for image planes of many megabytes; call once at program start,
/// before other threads allocate (later calls return the first result).
///
/// - **Reuse**: glibc serves allocations above its mmap threshold (128 KB, adaptive up to
///   32 MB) with fresh mmap(2) mappings and unmaps them on free, so each stage's
///   multi-megabyte planes are new pages the kernel must fault in and zero: about 8,400
///   page faults and 15-25 ms of system time for one 20 MP photo. With a 256 MB threshold
///   and no trimming, freed buffers return to malloc's heap and the next stage reuses them
///   (about 5,500 faults then; peak memory about the same).
/// - **Huge pages**: every thread allocates from the one main heap (`M_ARENA_MAX` 1),
///   which grows at once by 256 MB of address space (untouched pages cost no memory) whose
///   2 MB-aligned span is madvised `MADV_HUGEPAGE`. Where transparent huge pages are
///   enabled (`always` or `madvise`), first touches fault 2 MB pages: about 1,400 page faults
///   instead of 7,900 for the 20 MP photo, half the system time (docs/benchmarks.md).
/// - Returns: what was applied (empty off glibc).
@discardableResult
public func keepFreedMemoryForReuse() -> AllocatorTuning {
    AllocatorTuning(rawValue: cic_keep_freed_memory_for_reuse())
}
