/// A byte trie over a model's vocabulary, built once per vocabulary.
///
/// Walking the trie together with a ``GuidanceState`` checks each shared token prefix once:
/// when a prefix is refused, every token that starts with it is skipped.
///
/// It is built by a radix sort of the token bytes, one level at a time, with token classes
/// beside it: the tokens a free string may hold whole, and the trie of what follows a string's
/// closing quote in the others (see ``TokenMaskComputer``).
///
/// ```swift
/// let trie = TokenTrie(tokens: tokenizer.vocabularyBytes)
/// let masks = TokenMaskComputer(trie: trie)
/// ```
public struct TokenTrie: Sendable {
  /// The trie of every token.
  let tables: TrieTables
  /// Token classes, so the commonest states need no walk of the whole trie.
  let classes: TokenClasses
  /// The number of tokens in the vocabulary (the width of a mask).
  public let vocabularySize: Int

  /// Builds the trie from each token's bytes; empty tokens (special tokens with no text) are left out.
  public init(tokens: [[UInt8]]) {
    vocabularySize = tokens.count
    tables = TrieTables(tokens: tokens)
    classes = TokenClasses(tokens: tokens, trie: tables)
  }

  /// The number of trie nodes.
  public var nodeCount: Int { tables.nodes.count }

  /// The memory the trie and its token classes take, in bytes.
  public var byteCount: Int { tables.byteCount + classes.byteCount }
}

/// A flat byte trie: nodes numbered breadth-first, so the children of a node are consecutive,
/// and token ids stored in byte order, so the tokens that end at a node are one run of `tokenIDs`.
struct TrieTables: Sendable {
  struct Node: Sendable {
    /// The first child's index; the children are `childStart..<childStart + childCount`.
    var childStart: Int32 = 0
    var childCount: Int32 = 0
    /// The tokens ending at this node are `tokenIDs[tokenStart..<tokenEnd]`.
    var tokenStart: Int32 = 0
    var tokenEnd: Int32 = 0
  }

  var nodes: [Node]
  /// The byte on the edge into each node (0 for the root).
  var nodeBytes: [UInt8]
  /// Token ids in byte order.
  var tokenIDs: [Int32]
  /// The length of the longest token.
  var depth: Int

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
    nodeBytes = builder.nodeBytes
    tokenIDs = builder.order.map { ids[Int($0)] }
    var depth = 0
    for entry in bytes where entry.count > depth { depth = entry.count }
    self.depth = depth
  }

  /// The memory the tables take, in bytes.
  var byteCount: Int {
    nodes.count * MemoryLayout<Node>.stride + nodeBytes.count + tokenIDs.count * MemoryLayout<Int32>.stride
  }
}

/// Builds ``TrieTables`` breadth-first: each node's range of (byte-sorted) entries is split by
/// the byte at the node's depth, and the non-empty parts become its children.
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
  var nodeBytes: [UInt8] = []

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
    var nodes = [TrieTables.Node()]
    var nodeBytes: [UInt8] = [0]
    var order = self.order
    bytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        lengths.withUnsafeBufferPointer { lengths in
          Self.split(bytes: bytes, starts: starts, lengths: lengths, order: &order, nodes: &nodes, nodeBytes: &nodeBytes)
        }
      }
    }
    self.nodes = nodes
    self.nodeBytes = nodeBytes
    self.order = order
  }

  /// Splits each node's range of `order` by the entries' bytes at the node's depth, appending
  /// the parts as its children, until every node is split.
  ///
  /// Each position of `order` carries its entry's length and the 8 bytes from the current
  /// multiple of 8 on, moved along with it by the sorts: a level reads them in order, and the
  /// scattered bytes of the vocabulary are read once every 8 levels instead of at every one.
  private static func split(
    bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int32>, lengths: UnsafeBufferPointer<Int32>,
    order: inout [Int32], nodes: inout [TrieTables.Node], nodeBytes: inout [UInt8]
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
    // Per node, while it waits to be split: its range of `order` and its depth.
    var ranges: [(low: Int, high: Int, depth: Int32)] = [(0, order.count, 0)]
    var index = 0
    while index < nodes.count {
      let (low, high, depth) = ranges[index]
      let shift = UInt64(7 - depth % 8) * 8
      for i in low..<high {
        if depth % 8 == 0, depth > 0, entries.lengths[i] > depth { entries.windows[i] = window(Int(entries.order[i]), depth) }
        entries.keys[i] = depth < entries.lengths[i] ? Int16(truncatingIfNeeded: entries.windows[i] >> shift & 0xFF) : -1
      }
      if high - low > 1 { sorter.sort(&entries, low, high) }
      var cursor = low
      while cursor < high, entries.keys[cursor] < 0 { cursor += 1 }
      nodes[index].tokenStart = Int32(low)
      nodes[index].tokenEnd = Int32(cursor)
      nodes[index].childStart = Int32(nodes.count)
      while cursor < high {
        let byte = entries.keys[cursor]
        var end = cursor + 1
        while end < high, entries.keys[end] == byte { end += 1 }
        nodes.append(TrieTables.Node())
        nodeBytes.append(UInt8(byte))
        ranges.append((cursor, end, depth + 1))
        cursor = end
      }
      nodes[index].childCount = Int32(nodes.count) - nodes[index].childStart
      index += 1
    }
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
