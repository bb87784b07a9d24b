/// Byte-level BPE's merge of one word: the adjacent pair with the lowest merge rank (leftmost on
/// ties) becomes its merged token, until no adjacent pair has a merge.
///
/// Candidate pairs wait in a priority queue by (rank, position), so a word of n symbols costs
/// O(n log n) rather than a scan of every pair per merge (O(n²): minutes for a 100,000-character
/// word). A pair taken from the queue is applied only if both its symbols are still as they were
/// when it was queued; a merge replaces its two symbols with one, so that check is exact.
enum BPEMerge {
  /// A candidate: `key` is rank << 32 | left position, so one comparison orders the queue.
  private struct Pair: HeapOrdered {
    var key: UInt64
    var right: Int32
    var leftID: Int32
    var rightID: Int32
    var result: Int32
    var heapKey: UInt64 { key }
  }

  /// Merges `symbols` (token ids; negative for a byte with no token, which blocks merges and is
  /// dropped) with `merges` (left << 32 | right → rank and result).
  static func merge(_ symbols: [Int32], merges: [UInt64: (rank: Int32, result: Int32)]) -> [Int32] {
    guard symbols.count > 1 else { return symbols.filter { $0 >= 0 } }
    var ids = symbols
    let count = ids.count
    var next = (0..<count).map { Int32($0 + 1) }
    next[count - 1] = -1
    var previous = (0..<count).map { Int32($0 - 1) }
    var queue = MinHeap<Pair>(capacity: count)
    func consider(_ left: Int32, _ right: Int32) {
      guard left >= 0, right >= 0 else { return }
      let (leftID, rightID) = (ids[Int(left)], ids[Int(right)])
      guard leftID >= 0, rightID >= 0 else { return }
      let pairKey = UInt64(UInt32(bitPattern: leftID)) << 32 | UInt64(UInt32(bitPattern: rightID))
      guard let entry = merges[pairKey] else { return }
      queue.push(
        Pair(
          key: UInt64(UInt32(entry.rank)) << 32 | UInt64(UInt32(left)), right: right, leftID: leftID, rightID: rightID,
          result: entry.result))
    }
    for index in 0..<count - 1 { consider(Int32(index), Int32(index + 1)) }
    while let pair = queue.pop() {
      let left = Int(pair.key & 0xFFFF_FFFF)
      let right = Int(pair.right)
      // Stale: one of the two symbols was merged away or grew since the pair was queued.
      guard next[left] == pair.right, ids[left] == pair.leftID, ids[right] == pair.rightID else { continue }
      ids[left] = pair.result
      ids[right] = Int32.min
      next[left] = next[right]
      if next[right] >= 0 { previous[Int(next[right])] = Int32(left) }
      consider(previous[left], Int32(left))
      consider(Int32(left), next[left])
    }
    var output: [Int32] = []
    var index: Int32 = 0
    while index >= 0 {
      if ids[Int(index)] >= 0 { output.append(ids[Int(index)]) }
      index = next[Int(index)]
    }
    return output
  }
}
