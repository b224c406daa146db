/// The best few of many elements offered one at a time, kept sorted best first in a short array: a query
/// meeting thousands of candidates (a first name at 100,000 terms) then neither keeps nor sorts them all.
struct BestList<Element> {
    /// How many elements are kept.
    let capacity: Int
    /// The elements kept, best first.
    private(set) var elements: [Element] = []

    /// An empty list keeping at most `capacity` elements.
    init(capacity: Int) {
        self.capacity = capacity
        elements.reserveCapacity(capacity + 1)
    }

    /// Whether the list holds `capacity` elements, so that a newcomer must beat ``last``.
    var isFull: Bool { elements.count >= capacity }

    /// The worst element kept.
    var last: Element? { elements.last }

    /// Keeps `element` when there is room or it is better than the worst kept (which then leaves).
    ///
    /// - Parameter isBetter: The order, the same at every call; an element goes before those it is better
    ///   than and after the others.
    mutating func offer(_ element: Element, isBetter: (Element, Element) -> Bool) {
        guard !isFull || isBetter(element, elements[elements.count - 1]) else { return }
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if isBetter(elements[middle], element) { low = middle + 1 } else { high = middle }
        }
        elements.insert(element, at: low)
        if elements.count > capacity { elements.removeLast() }
    }
}
