extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` gives, made through the array's
    /// specialized growth path.
    ///
    /// `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:initializingWith:)` allocate
    /// through one entry point of the standard library that is not specialized for the element, so
    /// each call asks the runtime for the storage class's generic metadata: about 500 instructions,
    /// as much as the rest of making a small array. A paragraph makes several arrays sized by its
    /// text; a batch of short rows paid this about three times a row (callgrind).
    @inline(__always)
    static func filled(with value: Element, count: Int) -> [Element] {
        // (None asked for: the shared empty array, which nothing writes to.)
        guard count > 0 else { return [] }
        var array: [Element] = []
        array.reserveCapacity(count)
        array.append(contentsOf: repeatElement(value, count: count))
        return array
    }
}
