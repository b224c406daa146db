extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them, allocated through the growth path
    /// that the compiler specializes for `Element` in this module.
    ///
    /// `Array(repeating:count:)` allocates through a standard-library function that is never specialized
    /// (`_allocateBufferUninitialized(minimumCapacity:)`), which looks the storage type up in the runtime's
    /// metadata cache on every call: 700–1,000 instructions an array (callgrind). The query path makes a few
    /// such small arrays per query word. Use it where a profile shows the gain: filling through `Repeated` is
    /// not always cheaper (for the phone aligner's `Float` arrays and the query's `Bool` filler flags it cost
    /// more than it saved; those use the stack, or appends).
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
