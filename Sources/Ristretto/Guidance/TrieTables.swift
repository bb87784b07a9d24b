/// A flat byte trie, its nodes in depth-first order.
///
/// A walk that goes down into a subtree reads the nodes in memory order; a refused subtree is
/// skipped in one jump (`subtreeEnd`). The children of a node are found from its first child
/// (the next node) by those jumps; nodes with many children also list them, with their bytes,
/// in a side table for binary search. Token ids are stored in byte order, which is the nodes'
/// order, so the tokens that end at a node run from its `tokenStart` to the next node's.
struct TrieTables: Sendable {
  struct Node: Sendable {
    /// Where this node's tokens start in `tokenIDs` (they end where the next node's start).
    var tokenStart: Int32
    /// The index after this node's subtree: its next sibling, or an ancestor's.
    var subtreeEnd: Int32
    /// For a crowded node, where its children are listed in the side table; else -1.
    var childList: Int32 = -1
    var childCount: UInt16 = 0
    /// The byte on the edge into this node (0 for the root).
    var byte: UInt8
  }

  /// The nodes in depth-first order, the root first, then a sentinel (for the last token end).
  var nodes: [Node]
  /// Token ids in byte order.
  var tokenIDs: [Int32]
  /// The children of crowded nodes, by node index and by byte (both in byte order).
  var childLists: [Int32]
  var childListBytes: [UInt8]
  /// The length of the longest token.
  var depth: Int

  /// Nodes with more children than this get a child list.
  static let crowded = 16

  /// Builds the trie of `tokens`, leaving empty ones out; a token's id is its index.
  init(tokens: [[UInt8]]) {
    let ids = tokens.indices.filter { !tokens[$0].isEmpty }
    self.init(ids: ids.map(Int32.init), bytes: ids.map { tokens[$0] })
  }

  /// Builds the trie of `bytes[i]` for token `ids[i]` (none empty).
  init(ids: [Int32], bytes: [[UInt8]]) {
    var builder = TrieBuilder(bytes: bytes)
    builder.build()
    nodes = builder.nodes
    tokenIDs = builder.order.map { ids[Int($0)] }
    var offset: Int32 = 0
    for index in nodes.indices where Int(nodes[index].childCount) > Self.crowded {
      nodes[index].childList = offset
      offset += Int32(nodes[index].childCount)
    }
    (childLists, childListBytes) = Self.childLists(of: nodes)
    var depth = 0
    for entry in bytes where entry.count > depth { depth = entry.count }
    self.depth = depth
  }

  /// The number of nodes.
  var nodeCount: Int { nodes.count - 1 }

  /// The memory the tables take, in bytes.
  var byteCount: Int {
    nodes.count * MemoryLayout<Node>.stride + tokenIDs.count * MemoryLayout<Int32>.stride
      + childLists.count * MemoryLayout<Int32>.stride + childListBytes.count
  }

  /// The positions in `tokenIDs` of the tokens ending at `node`.
  func tokens(of node: Int) -> Range<Int> { Int(nodes[node].tokenStart)..<Int(nodes[node + 1].tokenStart) }

  /// The children of `node`, in byte order (for code off the hot paths, which step through
  /// `subtreeEnd` themselves).
  func children(of node: Int) -> [Int] {
    var children: [Int] = []
    var child = node + 1
    while child < Int(nodes[node].subtreeEnd) {
      children.append(child)
      child = Int(nodes[child].subtreeEnd)
    }
    return children
  }

  /// The child of `node` on `byte`.
  func child(of node: Int, byte: UInt8) -> Int? {
    let entry = nodes[node]
    guard entry.childList >= 0 else {
      var child = node + 1
      while child < Int(entry.subtreeEnd) {
        if nodes[child].byte == byte { return child }
        if nodes[child].byte > byte { return nil }
        child = Int(nodes[child].subtreeEnd)
      }
      return nil
    }
    var lower = Int(entry.childList)
    let end = lower + Int(entry.childCount)
    var upper = end
    while lower < upper {
      let middle = (lower + upper) / 2
      if childListBytes[middle] < byte { lower = middle + 1 } else { upper = middle }
    }
    return lower < end && childListBytes[lower] == byte ? Int(childLists[lower]) : nil
  }

  /// The child lists of crowded nodes, in node order.
  private static func childLists(of nodes: [Node]) -> ([Int32], [UInt8]) {
    var lists: [Int32] = []
    var bytes: [UInt8] = []
    for index in nodes.indices where Int(nodes[index].childCount) > crowded {
      var child = index + 1
      while child < Int(nodes[index].subtreeEnd) {
        lists.append(Int32(child))
        bytes.append(nodes[child].byte)
        child = Int(nodes[child].subtreeEnd)
      }
    }
    return (lists, bytes)
  }
}

/// Builds ``TrieTables`` depth first: each node's range of (byte-sorted) entries is split by the
/// byte at the node's depth, and the non-empty parts become its children, emitted in byte order,
/// each followed by its own subtree.
///
/// This runs once per vocabulary over every byte of it (262,144 tokens for Gemma), so its inner
/// loops read the flattened bytes through buffer pointers.
struct TrieBuilder {
  private var bytes: [UInt8] = []
  private var starts: [Int32] = []
  private var lengths: [Int32] = []
  /// Entry indices, in byte order once built.
  var order: [Int32] = []
  var nodes: [TrieTables.Node] = []

  init(bytes entries: [[UInt8]]) {
    starts.reserveCapacity(entries.count)
    lengths.reserveCapacity(entries.count)
    for entry in entries {
      starts.append(Int32(bytes.count))
      lengths.append(Int32(entry.count))
      bytes.append(contentsOf: entry)
    }
    order = (0..<Int32(entries.count)).map(\.self)
  }

  mutating func build() {
    var nodes: [TrieTables.Node] = []
    var order = self.order
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        lengths.withUnsafeBufferPointer { lengths in
          Self.split(bytes: bytes, starts: starts, lengths: lengths, order: &order, nodes: &nodes)
        }
      }
    }
    self.nodes = nodes
    self.order = order
  }

  /// Splits each node's range of `order` by the entries' bytes at the node's depth, emitting its
  /// children (each before its subtree) until every node is split.
  ///
  /// Each position of `order` carries its entry's length and the 8 bytes from the current
  /// multiple of 8 on, moved along with it by the sorts: a split reads them in order, and the
  /// scattered bytes of the vocabulary are read once every 8 levels instead of at every one.
  private static func split(
    bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int32>, lengths: UnsafeBufferPointer<Int32>,
    order: inout [Int32], nodes: inout [TrieTables.Node]
  ) {
    // Bytes depth..<depth + 8 of an entry, first byte highest, zeros past its end.
    func window(_ entry: Int, _ depth: Int32) -> UInt64 {
      let start = Int(starts[entry] + depth)
      let available = Int(lengths[entry] - depth)
      if available >= 8, start + 8 <= bytes.count {
        return UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: start, as: UInt64.self).bigEndian
      }
      var word: UInt64 = 0
      for offset in 0..<8 {
        word <<= 8
        if offset < available { word |= UInt64(bytes[start + offset]) }
      }
      return word
    }
    var entries = RangeSorter.Entries(
      order: order, lengths: order.map { lengths[Int($0)] }, windows: order.map { window(Int($0), 0) },
      keys: [Int16](repeating: 0, count: order.count))
    var sorter = RangeSorter(count: order.count)
    // Nodes waiting to be emitted and split, the next on top.
    var pending: [(low: Int, high: Int, depth: Int32, byte: UInt8)] = [(0, order.count, 0, 0)]
    var children: [(low: Int, high: Int, byte: UInt8)] = []
    var depths: [Int32] = []
    while let (low, high, depth, byte) = pending.popLast() {
      let index = nodes.count
      nodes.append(TrieTables.Node(tokenStart: Int32(low), subtreeEnd: 0, byte: byte))
      depths.append(depth)
      let shift = UInt64(7 - depth % 8) * 8
      for i in low..<high {
        if depth % 8 == 0, depth > 0, entries.lengths[i] > depth { entries.windows[i] = window(Int(entries.order[i]), depth) }
        entries.keys[i] = depth < entries.lengths[i] ? Int16(truncatingIfNeeded: entries.windows[i] >> shift & 0xFF) : -1
      }
      if high - low > 1 { sorter.sort(&entries, low, high) }
      var cursor = low
      while cursor < high, entries.keys[cursor] < 0 { cursor += 1 }
      children.removeAll(keepingCapacity: true)
      while cursor < high {
        let key = entries.keys[cursor]
        var end = cursor + 1
        while end < high, entries.keys[end] == key { end += 1 }
        children.append((cursor, end, UInt8(key)))
        cursor = end
      }
      nodes[index].childCount = UInt16(children.count)
      for child in children.reversed() { pending.append((child.low, child.high, depth + 1, child.byte)) }
    }
    // A node's subtree ends at the first later node no deeper than it.
    var open: [Int] = []
    for index in nodes.indices {
      while let last = open.last, depths[last] >= depths[index] {
        nodes[last].subtreeEnd = Int32(index)
        open.removeLast()
      }
      open.append(index)
    }
    for index in open { nodes[index].subtreeEnd = Int32(nodes.count) }
    nodes.append(TrieTables.Node(tokenStart: Int32(order.count), subtreeEnd: Int32(nodes.count + 1), byte: 0))
    order = entries.order
  }
}

/// Stable sorts of a range of entries by their keys: insertion for short ranges, counting for
/// long ones.
private struct RangeSorter {
  /// The entries being split, position by position.
  struct Entries {
    var order: [Int32]
    var lengths: [Int32]
    var windows: [UInt64]
    var keys: [Int16]

    mutating func move(_ from: Int, to: Int) {
      order[to] = order[from]
      lengths[to] = lengths[from]
      windows[to] = windows[from]
      keys[to] = keys[from]
    }
  }

  private var counts = [Int](repeating: 0, count: 257)
  private var scratch: Entries

  init(count: Int) {
    scratch = Entries(
      order: Array(repeating: 0, count: count), lengths: Array(repeating: 0, count: count),
      windows: Array(repeating: 0, count: count), keys: Array(repeating: 0, count: count))
  }

  mutating func sort(_ entries: inout Entries, _ low: Int, _ high: Int) {
    if high - low <= 32 {
      for i in low + 1..<high {
        let (entry, length, window, key) = (entries.order[i], entries.lengths[i], entries.windows[i], entries.keys[i])
        var j = i
        while j > low, entries.keys[j - 1] > key {
          entries.move(j - 1, to: j)
          j -= 1
        }
        (entries.order[j], entries.lengths[j], entries.windows[j], entries.keys[j]) = (entry, length, window, key)
      }
      return
    }
    for i in 0..<257 { counts[i] = 0 }
    for i in low..<high { counts[Int(entries.keys[i]) + 1] += 1 }
    var total = low
    for i in 0..<257 {
      let count = counts[i]
      counts[i] = total
      total += count
    }
    for i in low..<high {
      let bucket = Int(entries.keys[i]) + 1
      let target = counts[bucket]
      scratch.order[target] = entries.order[i]
      scratch.lengths[target] = entries.lengths[i]
      scratch.windows[target] = entries.windows[i]
      scratch.keys[target] = entries.keys[i]
      counts[bucket] += 1
    }
    for i in low..<high {
      entries.order[i] = scratch.order[i]
      entries.lengths[i] = scratch.lengths[i]
      entries.windows[i] = scratch.windows[i]
      entries.keys[i] = scratch.keys[i]
    }
  }
}
