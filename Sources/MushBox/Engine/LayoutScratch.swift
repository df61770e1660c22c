import MushBase
import MushText

/// The large buffers of a layout (the styles, the flex items, the frames and the caches: about a
/// kilobyte a node), kept from one layout to the next. Laid out in fresh memory every time, a
/// 10,000-box grid spent 40% of its time in the kernel handing out the pages.
///
/// At most two sets are kept, for the layouts going on at once beyond that the buffers are made
/// and freed as needed, and a set larger than ``keptBytes`` is not kept (a tree of about 50,000
/// nodes), so that one huge layout does not hold its memory for good.
final class LayoutScratch: @unchecked Sendable {
    var styles = ScratchBuffer()
    var arena = ScratchBuffer()
    var frames = ScratchBuffer()
    var cache = ScratchBuffer()
    var stamps = ScratchBuffer()
    var cacheSlots = ScratchBuffer()
    /// Each node's numbers (``FlatTree``'s style index, children, leaf and parent) and flags.
    var nodeNumbers = ScratchBuffer()
    var nodeFlags = ScratchBuffer()
    var nodeReads = ScratchBuffer()

    /// The most memory a kept set holds.
    static let keptBytes = 64 << 20

    private var bytes: Int {
        styles.bytes + arena.bytes + frames.bytes + cache.bytes + stamps.bytes + cacheSlots.bytes + nodeNumbers.bytes
            + nodeFlags.bytes + nodeReads.bytes
    }

    /// A kept set, or a new one.
    static func take() -> LayoutScratch {
        pool.withLock { $0.popLast() } ?? LayoutScratch()
    }

    /// Takes back a set whose layout has ended.
    static func give(_ scratch: LayoutScratch) {
        guard scratch.bytes <= keptBytes else { return }
        pool.withLock { kept in
            if kept.count < 2 { kept.append(scratch) }
        }
    }

    private static let pool = LockedValue<[LayoutScratch]>([])
}

/// Memory for `count` values of one plain type (no references), grown when a layout needs more.
struct ScratchBuffer: ~Copyable {
    private var pointer: UnsafeMutableRawPointer?
    private(set) var bytes = 0

    init() {}

    deinit { pointer?.deallocate() }

    /// Room for `count` values of `type`, uninitialized (any values a layout left are overwritten).
    /// A type that is not plain (``BoxStyle``, whose grid values are shared out of line) is
    /// `holdingReferences`: its user deinitializes what it initialized before the buffer is reused.
    mutating func reserve<T>(_ type: T.Type, count: Int, holdingReferences: Bool = false)
        -> UnsafeMutableBufferPointer<T>
    {
        precondition(holdingReferences || _isPOD(T.self), "a scratch buffer holds plain values only")
        return room(type, count: count, keeping: 0)
    }

    /// Room for `count` values of `type` (a plain type), the first `keeping` of those reserved
    /// before kept: more room for a buffer filled as the layout goes.
    mutating func grow<T>(_ type: T.Type, count: Int, keeping: Int) -> UnsafeMutableBufferPointer<T> {
        precondition(_isPOD(T.self), "a scratch buffer holds plain values only")
        return room(type, count: count, keeping: keeping)
    }

    /// The memory made larger where `count` values need more, the first `keeping` copied over.
    private mutating func room<T>(_ type: T.Type, count: Int, keeping: Int) -> UnsafeMutableBufferPointer<T> {
        let needed = max(count, 1) * MemoryLayout<T>.stride
        if needed > bytes {
            let larger = UnsafeMutableRawPointer.allocate(
                byteCount: needed, alignment: max(MemoryLayout<T>.alignment, 16))
            if let pointer, keeping > 0 {
                larger.copyMemory(from: pointer, byteCount: keeping * MemoryLayout<T>.stride)
            }
            pointer?.deallocate()
            pointer = larger
            bytes = needed
        }
        return UnsafeMutableBufferPointer(start: pointer!.bindMemory(to: T.self, capacity: count), count: count)
    }
}
