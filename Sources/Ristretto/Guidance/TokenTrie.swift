/// A byte trie over a model's vocabulary, built once per vocabulary.
///
/// Walking the trie together with a ``GuidanceState`` checks each shared token prefix once:
/// when a prefix is refused, every token that starts with it is skipped.
public struct TokenTrie: Sendable {
  struct Node: Sendable {
    var childStart: Int32 = 0
    var childCount: Int32 = 0
    var tokenStart: Int32 = 0
    var tokenCount: Int32 = 0
  }

  var nodes: [Node]
  var childBytes: [UInt8]
  var childNodes: [Int32]
  var tokenIDs: [Int32]
  /// The number of tokens in the vocabulary (the width of a mask).
  public let vocabularySize: Int

  /// Builds the trie from each token's bytes; empty tokens (special tokens with no text) are left out.
  public init(tokens: [[UInt8]]) {
    vocabularySize = tokens.count
    let order = tokens.indices.filter { !tokens[$0].isEmpty }.sorted {
      tokens[$0].lexicographicallyPrecedes(tokens[$1])
    }
    // Build a pointer trie first, then flatten it breadth-first.
    var children: [[(UInt8, Int)]] = [[]]
    var ends: [[Int32]] = [[]]
    for id in order {
      var node = 0
      for byte in tokens[id] {
        if let existing = children[node].last, existing.0 == byte {
          node = existing.1
        } else if let existing = children[node].first(where: { $0.0 == byte }) {
          node = existing.1
        } else {
          children.append([])
          ends.append([])
          children[node].append((byte, children.count - 1))
          node = children.count - 1
        }
      }
      ends[node].append(Int32(id))
    }
    var flat: [Node] = Array(repeating: Node(), count: children.count)
    var bytes: [UInt8] = []
    var targets: [Int32] = []
    var ids: [Int32] = []
    for index in children.indices {
      flat[index].childStart = Int32(bytes.count)
      flat[index].childCount = Int32(children[index].count)
      for (byte, child) in children[index] {
        bytes.append(byte)
        targets.append(Int32(child))
      }
      flat[index].tokenStart = Int32(ids.count)
      flat[index].tokenCount = Int32(ends[index].count)
      ids.append(contentsOf: ends[index])
    }
    nodes = flat
    childBytes = bytes
    childNodes = targets
    tokenIDs = ids
  }

  /// The number of trie nodes.
  public var nodeCount: Int { nodes.count }
}

/// A set of allowed token ids, one bit per token.
public struct TokenMask: Sendable, Equatable {
  /// The bits, 64 tokens per word.
  public private(set) var words: [UInt64]
  /// The vocabulary size.
  public let count: Int

  /// An empty mask over `count` tokens.
  public init(count: Int) {
    self.count = count
    words = Array(repeating: 0, count: (count + 63) / 64)
  }

  /// Whether `token` is allowed.
  public func contains(_ token: Int) -> Bool {
    token >= 0 && token < count && words[token >> 6] & (1 << UInt64(token & 63)) != 0
  }

  /// Allows `token`.
  public mutating func insert(_ token: Int) {
    words[token >> 6] |= 1 << UInt64(token & 63)
  }

  /// The number of allowed tokens.
  public var allowedCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  /// The allowed token ids in ascending order.
  public var allowedTokens: [Int] {
    var result: [Int] = []
    for (index, word) in words.enumerated() where word != 0 {
      var bits = word
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        result.append(index * 64 + bit)
        bits &= bits - 1
      }
    }
    return result
  }
}
