/// A byte trie over a model's vocabulary, built once per vocabulary.
///
/// Walking the trie together with a ``GuidanceState`` checks each shared token prefix once:
/// when a prefix is refused, every token that starts with it is skipped.
///
/// The trie is flat: nodes are numbered breadth-first, so the children of a node are
/// consecutive, and token ids are stored in byte order, so the tokens that end at a node are
/// one run of `tokenIDs`. It is built by a radix sort of the token bytes, one level at a time.
///
/// ```swift
/// let trie = TokenTrie(tokens: tokenizer.vocabularyBytes)
/// let masks = TokenMaskComputer(trie: trie)
/// ```
public struct TokenTrie: Sendable {
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
  /// The number of tokens in the vocabulary (the width of a mask).
  public let vocabularySize: Int

  /// Builds the trie from each token's bytes; empty tokens (special tokens with no text) are left out.
  public init(tokens: [[UInt8]]) {
    var builder = TrieBuilder(tokens: tokens)
    builder.build()
    vocabularySize = tokens.count
    nodes = builder.nodes
    nodeBytes = builder.nodeBytes
    tokenIDs = builder.order
  }

  /// The number of trie nodes.
  public var nodeCount: Int { nodes.count }

  /// The memory the trie's tables take, in bytes.
  public var byteCount: Int {
    nodes.count * MemoryLayout<Node>.stride + nodeBytes.count + tokenIDs.count * MemoryLayout<Int32>.stride
  }
}

/// Builds a ``TokenTrie`` breadth-first: each node's range of (byte-sorted) tokens is split by
/// the byte at the node's depth, and the non-empty parts become its children.
struct TrieBuilder {
  private var bytes: [UInt8] = []
  private var starts: [Int32] = []
  private var lengths: [Int32] = []
  var order: [Int32] = []
  var nodes: [TokenTrie.Node] = []
  var nodeBytes: [UInt8] = []
  /// Per node, during the build: its range of `order` and its depth.
  private var ranges: [(low: Int32, high: Int32, depth: Int32)] = []

  init(tokens: [[UInt8]]) {
    starts.reserveCapacity(tokens.count)
    lengths.reserveCapacity(tokens.count)
    for (id, token) in tokens.enumerated() {
      starts.append(Int32(bytes.count))
      lengths.append(Int32(token.count))
      bytes.append(contentsOf: token)
      if !token.isEmpty { order.append(Int32(id)) }
    }
  }

  /// The byte of `token` at `depth`, or -1 when the token ends before it.
  private func key(_ token: Int32, _ depth: Int32) -> Int {
    depth < lengths[Int(token)] ? Int(bytes[Int(starts[Int(token)] + depth)]) : -1
  }

  mutating func build() {
    nodes = [TokenTrie.Node()]
    nodeBytes = [0]
    ranges = [(0, Int32(order.count), 0)]
    var counts = [Int](repeating: 0, count: 257)
    var scratch = [Int32](repeating: 0, count: order.count)
    var index = 0
    while index < nodes.count {
      let (low, high, depth) = ranges[index]
      if high - low > 48 {
        sortByCounting(Int(low), Int(high), depth, &counts, &scratch)
      } else if high - low > 1 {
        sortByInsertion(Int(low), Int(high), depth)
      }
      var cursor = low
      while cursor < high, key(order[Int(cursor)], depth) < 0 { cursor += 1 }
      nodes[index].tokenStart = low
      nodes[index].tokenEnd = cursor
      nodes[index].childStart = Int32(nodes.count)
      while cursor < high {
        let byte = key(order[Int(cursor)], depth)
        var end = cursor + 1
        while end < high, key(order[Int(end)], depth) == byte { end += 1 }
        nodes.append(TokenTrie.Node())
        nodeBytes.append(UInt8(byte))
        ranges.append((cursor, end, depth + 1))
        cursor = end
      }
      nodes[index].childCount = Int32(nodes.count) - nodes[index].childStart
      index += 1
    }
    ranges = []
  }

  /// A stable insertion sort of `order[low..<high]` by the byte at `depth` (short ranges).
  private mutating func sortByInsertion(_ low: Int, _ high: Int, _ depth: Int32) {
    for i in low + 1..<high {
      let token = order[i]
      let value = key(token, depth)
      var j = i
      while j > low, key(order[j - 1], depth) > value {
        order[j] = order[j - 1]
        j -= 1
      }
      order[j] = token
    }
  }

  /// A stable counting sort of `order[low..<high]` by the byte at `depth` (long ranges).
  private mutating func sortByCounting(_ low: Int, _ high: Int, _ depth: Int32, _ counts: inout [Int], _ scratch: inout [Int32]) {
    for i in 0..<257 { counts[i] = 0 }
    for i in low..<high { counts[key(order[i], depth) + 1] += 1 }
    var total = low
    for i in 0..<257 {
      let count = counts[i]
      counts[i] = total
      total += count
    }
    for i in low..<high {
      let token = order[i]
      let bucket = key(token, depth) + 1
      scratch[counts[bucket]] = token
      counts[bucket] += 1
    }
    for i in low..<high { order[i] = scratch[i] }
  }
}
