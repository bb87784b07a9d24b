/// A value a ``MinHeap`` orders by one 64-bit key (a merge's rank or score and its position,
/// packed so that one comparison decides).
protocol HeapOrdered {
  var heapKey: UInt64 { get }
}

extension UInt64: HeapOrdered {
  var heapKey: UInt64 { self }
}

/// The tokenizers' priority queue: a binary min-heap in an array, smallest key first.
struct MinHeap<Element: HeapOrdered> {
  private var items: [Element] = []

  /// An empty heap with room for `capacity` elements.
  init(capacity: Int = 0) { items.reserveCapacity(capacity) }

  /// A heap of `sorted`, which must be in ascending key order (a sorted array is a heap).
  init(sorted: [Element]) { items = sorted }

  var isEmpty: Bool { items.isEmpty }

  mutating func push(_ element: Element) {
    items.append(element)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard element.heapKey < items[parent].heapKey else { break }
      items[child] = items[parent]
      child = parent
    }
    items[child] = element
  }

  /// Removes and returns the element with the smallest key.
  mutating func pop() -> Element? {
    guard let last = items.popLast() else { return nil }
    guard !items.isEmpty else { return last }
    let top = items[0]
    var parent = 0
    while true {
      var child = 2 * parent + 1
      guard child < items.count else { break }
      if child + 1 < items.count && items[child + 1].heapKey < items[child].heapKey { child += 1 }
      guard items[child].heapKey < last.heapKey else { break }
      items[parent] = items[child]
      parent = child
    }
    items[parent] = last
    return top
  }
}
