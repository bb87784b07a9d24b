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

  /// Allows `token`; an id outside the vocabulary is ignored, as ``contains(_:)`` refuses it.
  public mutating func insert(_ token: Int) {
    guard token >= 0 && token < count else { return }
    words[token >> 6] |= 1 << UInt64(token & 63)
  }

  /// Allows every token of `other` (a mask over the same vocabulary).
  public mutating func formUnion(_ other: TokenMask) {
    precondition(other.count == count, "masks over different vocabularies")
    words.withUnsafeMutableBufferPointer { words in
      other.words.withUnsafeBufferPointer { other in
        for index in words.indices { words[index] |= other[index] }
      }
    }
  }

  /// Refuses every token, keeping the storage.
  mutating func removeAll() {
    words.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
  }

  /// Takes the bits of `other` (a mask over the same vocabulary), keeping the storage.
  mutating func copyBits(of other: TokenMask) {
    precondition(other.count == count, "masks over different vocabularies")
    words.withUnsafeMutableBufferPointer { words in
      other.words.withUnsafeBufferPointer { other in
        guard let target = words.baseAddress, let source = other.baseAddress else { return }
        target.update(from: source, count: other.count)
      }
    }
  }

  /// Refuses `token`; an id outside the vocabulary is ignored.
  mutating func remove(_ token: Int) {
    guard token >= 0 && token < count else { return }
    words[token >> 6] &= ~(1 << UInt64(token & 63))
  }

  /// Refuses every token of `other` (a mask over the same vocabulary).
  mutating func subtract(_ other: TokenMask) {
    precondition(other.count == count, "masks over different vocabularies")
    words.withUnsafeMutableBufferPointer { words in
      other.words.withUnsafeBufferPointer { other in
        for index in words.indices { words[index] &= ~other[index] }
      }
    }
  }

  /// The number of allowed tokens.
  public var allowedCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  /// The memory the mask's bits take, in bytes.
  public var byteCount: Int { words.count * MemoryLayout<UInt64>.stride }

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
