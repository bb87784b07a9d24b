/// A set of bytes, stored as four 64-bit words.
public struct ByteSet: Sendable, Hashable, Sequence {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// The empty set.
  public init() {}

  /// The set of the given bytes.
  public init(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { insert(byte) }
  }

  /// Whether `byte` is in the set.
  public func contains(_ byte: UInt8) -> Bool {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return words.0 & bit != 0
    case 1: return words.1 & bit != 0
    case 2: return words.2 & bit != 0
    default: return words.3 & bit != 0
    }
  }

  /// Adds `byte`.
  public mutating func insert(_ byte: UInt8) {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  /// Adds every byte of `other`.
  public mutating func formUnion(_ other: ByteSet) {
    words = (words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2, words.3 | other.words.3)
  }

  /// The union of this set and `other`.
  public func union(_ other: ByteSet) -> ByteSet {
    var result = self
    result.formUnion(other)
    return result
  }

  /// The bytes of this set that are not in `other`.
  public func subtracting(_ other: ByteSet) -> ByteSet {
    var result = ByteSet()
    result.words = (words.0 & ~other.words.0, words.1 & ~other.words.1, words.2 & ~other.words.2, words.3 & ~other.words.3)
    return result
  }

  /// The number of bytes in the set.
  public var count: Int {
    words.0.nonzeroBitCount + words.1.nonzeroBitCount + words.2.nonzeroBitCount + words.3.nonzeroBitCount
  }

  /// The smallest byte in the set.
  public var first: UInt8? {
    var iterator = makeIterator()
    return iterator.next()
  }

  /// Whether the set is empty.
  public var isEmpty: Bool { words == (0, 0, 0, 0) }

  /// The bytes in ascending order.
  public func makeIterator() -> Iterator { Iterator(set: self) }

  /// Iterates a set's bytes in ascending order, one set bit at a time.
  public struct Iterator: IteratorProtocol {
    private var set: ByteSet
    private var index = 0

    init(set: ByteSet) { self.set = set }

    public mutating func next() -> UInt8? {
      while index < 4 {
        let word = set.word(index)
        if word != 0 {
          let byte = UInt8(index * 64 + word.trailingZeroBitCount)
          set.words = set.removingLowest(index)
          return byte
        }
        index += 1
      }
      return nil
    }
  }

  /// Calls `body` with each byte of the set in ascending order.
  func forEachByte(_ body: (UInt8) -> Void) {
    for index in 0..<4 {
      var bits = word(index)
      while bits != 0 {
        body(UInt8(index * 64 + bits.trailingZeroBitCount))
        bits &= bits - 1
      }
    }
  }

  private func word(_ index: Int) -> UInt64 {
    switch index {
    case 0: words.0
    case 1: words.1
    case 2: words.2
    default: words.3
    }
  }

  /// The words with the lowest set bit of word `index` cleared.
  private func removingLowest(_ index: Int) -> (UInt64, UInt64, UInt64, UInt64) {
    var result = words
    switch index {
    case 0: result.0 &= result.0 - 1
    case 1: result.1 &= result.1 - 1
    case 2: result.2 &= result.2 - 1
    default: result.3 &= result.3 - 1
    }
    return result
  }

  public static func == (lhs: ByteSet, rhs: ByteSet) -> Bool { lhs.words == rhs.words }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
  }

  /// The ASCII a JSON string may hold unescaped: space to DEL, without `"` and `\` (as free
  /// strings allow it; only U+0000–U+001F must be escaped).
  static let unescapedASCII: ByteSet = {
    var set = ByteSet(0x20...0x7F)
    set = set.subtracting(ByteSet([0x22, 0x5C]))
    return set
  }()
  static let digits = ByteSet(0x30...0x39)
  /// Every byte.
  static let all = ByteSet(0...255)
  static let word = ByteSet(Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A) + [0x5F])
  /// Only the space: tabs and newlines are control characters JSON must escape.
  static let space = ByteSet([0x20])
}
