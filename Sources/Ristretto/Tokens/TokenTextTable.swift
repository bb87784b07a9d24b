import Foundation

/// Token ids by the UTF-8 bytes of their text: an open-addressing table over one flat byte array.
///
/// Building a tokenizer looks up every token and every merge's two halves and their join; a
/// `[String: Int]` hashes each text with Unicode normalization, which made that most of a cold
/// start. Here a text is its bytes, as in llama.cpp: two texts are the same token only when their
/// bytes are equal. A text written twice keeps its first id.
struct TokenTextTable {
  private var bytes: [UInt8] = []
  private var starts: [Int] = []
  /// Each slot holds an id plus one; 0 is an empty slot.
  private var slots: [Int32]
  private let mask: Int

  init(_ tokens: [String]) {
    starts.reserveCapacity(tokens.count + 1)
    for token in tokens {
      starts.append(bytes.count)
      bytes.append(contentsOf: token.utf8)
    }
    starts.append(bytes.count)
    var size = 16
    while size < tokens.count * 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    mask = size - 1
    for id in tokens.indices where id < Int(Int32.max) {
      let range = starts[id]..<starts[id + 1]
      var slot = Self.slot(Self.hash(bytes[range]), mask)
      while slots[slot] != 0 {
        if bytes[Self.range(of: Int(slots[slot]) - 1, starts)].elementsEqual(bytes[range]) { break }
        slot = (slot + 1) & mask
      }
      if slots[slot] == 0 { slots[slot] = Int32(id + 1) }
    }
  }

  /// The id of the token whose text is `text`.
  func id(of text: some Sequence<UInt8>) -> Int? {
    Array(text).withUnsafeBufferPointer { id(of: $0) }
  }

  /// The id of the token whose text is `first` followed by `second`.
  func id(of first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8> = .init(start: nil, count: 0)) -> Int? {
    var slot = Self.slot(Self.hash(second, from: Self.hash(first)), mask)
    return bytes.withUnsafeBufferPointer { bytes in
      while slots[slot] != 0 {
        let id = Int(slots[slot]) - 1
        let start = starts[id]
        if starts[id + 1] - start == first.count + second.count
          && (first.isEmpty || memcmp(bytes.baseAddress! + start, first.baseAddress!, first.count) == 0)
          && (second.isEmpty || memcmp(bytes.baseAddress! + start + first.count, second.baseAddress!, second.count) == 0)
        {
          return id
        }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  private static func range(of id: Int, _ starts: [Int]) -> Range<Int> { starts[id]..<starts[id + 1] }

  /// FNV-1a over the bytes, continuing from `seed` (so a join hashes as its two parts in turn).
  private static func hash(_ bytes: some Collection<UInt8>, from seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var value = seed
    for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return value
  }

  private static func slot(_ hash: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: hash) & mask }
}
