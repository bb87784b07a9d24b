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
    /// For a node with a large subtree, its entry in `summaries`; else -1.
    var summary: Int32 = -1
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
  /// What the subtrees of large nodes hold (see ``Summary``).
  var summaries: [Summary]
  /// The length of the longest token.
  var depth: Int

  /// What a node's subtree holds, from the byte on its edge down: the ASCII bytes on its edges
  /// (bits of `low` for 0–63, of `high` for 64–127), whether any edge byte is non-ASCII, and
  /// whether every token below spells whole UTF-8 characters from that edge on. A walk that
  /// reaches the node at a point where runs of those characters are accepted takes
  /// every token below without going down (``CharacterRun``).
  struct Summary: Sendable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var nonASCII = false
    var wholeCharacters = true
    /// The most bytes of a token below, from the edge on (at most 255).
    var maxBytes: UInt8 = 0
  }

  /// Nodes with more children than this get a child list.
  static let crowded = 16
  /// Nodes with subtrees of at least this many nodes get a summary.
  static let summarized = 16

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
    summaries = Self.summaries(of: &nodes)
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
      + summaries.count * MemoryLayout<Summary>.stride
  }

  /// The positions in `tokenIDs` of the tokens at `node` and below it.
  func tokensBelow(_ node: Int) -> Range<Int> {
    Int(nodes[node].tokenStart)..<Int(nodes[Int(nodes[node].subtreeEnd)].tokenStart)
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

  /// The summaries of nodes with large subtrees, computed for every node from the last up.
  private static func summaries(of nodes: inout [Node]) -> [Summary] {
    let count = nodes.count - 1
    var all = [Summary](repeating: Summary(), count: count)
    // valid[n], bit p: the tokens below n spell whole characters when n's edge starts at
    // UTF-8 point p (see UTF8Shape).
    var valid = [UInt8](repeating: 0, count: count)
    var summaries: [Summary] = []
    for node in stride(from: count - 1, through: 0, by: -1) {
      let byte = nodes[node].byte
      var summary = Summary()
      if node > 0 {
        if byte < 64 {
          summary.low = 1 << UInt64(byte)
        } else if byte < 128 {
          summary.high = 1 << UInt64(byte - 64)
        } else {
          summary.nonASCII = true
        }
      }
      var childrenValid: UInt8 = 0xFF
      var child = node + 1
      while child < Int(nodes[node].subtreeEnd) {
        summary.low |= all[child].low
        summary.high |= all[child].high
        summary.nonASCII = summary.nonASCII || all[child].nonASCII
        childrenValid &= valid[child]
        summary.maxBytes = max(summary.maxBytes, all[child].maxBytes)
        child = Int(nodes[child].subtreeEnd)
      }
      let endsHere = nodes[node].tokenStart < nodes[node + 1].tokenStart
      for point in 0..<8 {
        let next = node == 0 ? point : UTF8Shape.step(point, byte)
        if next >= 0, !endsHere || next == 0, childrenValid & (1 << UInt8(next)) != 0 { valid[node] |= 1 << UInt8(point) }
      }
      summary.wholeCharacters = valid[node] & 1 != 0
      if node > 0 { summary.maxBytes = summary.maxBytes == 255 ? 255 : summary.maxBytes + 1 }
      all[node] = summary
      if Int(nodes[node].subtreeEnd) - node >= summarized {
        nodes[node].summary = Int32(summaries.count)
        summaries.append(summary)
      }
    }
    return summaries
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
    let entries = Entries(count: order.count)
    let sorter = RangeSorter(count: order.count)
    defer {
      entries.deallocate()
      sorter.deallocate()
    }
    for (position, entry) in order.enumerated() {
      entries.order[position] = entry
      entries.lengths[position] = lengths[Int(entry)]
      entries.windows[position] = window(Int(entry), 0)
    }
    // Nodes waiting to be emitted and split, the next on top.
    var pending: [(low: Int, high: Int, depth: Int32, byte: UInt8)] = [(0, order.count, 0, 0)]
    var children: [(low: Int, high: Int, byte: UInt8)] = []
    var depths: [Int32] = []
    while let (low, high, depth, byte) = pending.popLast() {
      let index = nodes.count
      nodes.append(TrieTables.Node(tokenStart: Int32(low), subtreeEnd: 0, byte: byte))
      depths.append(depth)
      if high - low == 1 {
        // One entry left: the rest of its bytes are a chain, its token at the end.
        let entry = Int(entries.order[low])
        let length = lengths[entry]
        var chainDepth = depth
        while chainDepth < length {
          nodes[nodes.count - 1].childCount = 1
          nodes.append(TrieTables.Node(tokenStart: Int32(low), subtreeEnd: 0, byte: bytes[Int(starts[entry] + chainDepth)]))
          chainDepth += 1
          depths.append(chainDepth)
        }
        continue
      }
      let shift = UInt64(7 - depth % 8) * 8
      for i in low..<high {
        if depth % 8 == 0, depth > 0, entries.lengths[i] > depth { entries.windows[i] = window(Int(entries.order[i]), depth) }
        entries.keys[i] = depth < entries.lengths[i] ? Int16(truncatingIfNeeded: entries.windows[i] >> shift & 0xFF) : -1
      }
      if high - low > 1 { sorter.sort(entries, low, high) }
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
    order = Array(entries.order)
  }
}

/// The entries being split, position by position: which entry, its length, its bytes from the
/// current multiple of 8 on, and its byte at the depth being split. The buffers live for one
/// build (allocated with the builder's split, freed at its end), so the inner loops run without
/// reference counting or uniqueness checks.
private struct Entries {
  let order: UnsafeMutableBufferPointer<Int32>
  let lengths: UnsafeMutableBufferPointer<Int32>
  let windows: UnsafeMutableBufferPointer<UInt64>
  let keys: UnsafeMutableBufferPointer<Int16>

  init(count: Int) {
    order = .allocate(capacity: count)
    lengths = .allocate(capacity: count)
    windows = .allocate(capacity: count)
    keys = .allocate(capacity: count)
    order.initialize(repeating: 0)
    lengths.initialize(repeating: 0)
    windows.initialize(repeating: 0)
    keys.initialize(repeating: 0)
  }

  func deallocate() {
    order.deallocate()
    lengths.deallocate()
    windows.deallocate()
    keys.deallocate()
  }

  func copy(_ from: Int, to: Int, into other: Entries) {
    other.order[to] = order[from]
    other.lengths[to] = lengths[from]
    other.windows[to] = windows[from]
    other.keys[to] = keys[from]
  }
}

/// Stable sorts of a range of entries by their keys: insertion for short ranges, counting for
/// long ones.
private struct RangeSorter {
  private let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 257)
  private let scratch: Entries

  init(count: Int) {
    scratch = Entries(count: count)
    counts.initialize(repeating: 0)
  }

  func deallocate() {
    counts.deallocate()
    scratch.deallocate()
  }

  func sort(_ entries: Entries, _ low: Int, _ high: Int) {
    if high - low <= 32 {
      for i in low + 1..<high {
        entries.copy(i, to: 0, into: scratch)
        let key = entries.keys[i]
        var j = i
        while j > low, entries.keys[j - 1] > key {
          entries.copy(j - 1, to: j, into: entries)
          j -= 1
        }
        scratch.copy(0, to: j, into: entries)
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
      entries.copy(i, to: counts[bucket], into: scratch)
      counts[bucket] += 1
    }
    for i in low..<high { scratch.copy(i, to: i, into: entries) }
  }
}
