import Foundation

/// The bigram merge of one piece of text: symbols are UTF-8 characters, and the adjacent pair
/// whose concatenation is the highest-scoring token (leftmost on ties) merges first, until no
/// pair is a token.
enum PieceMerger {
  struct Symbol {
    var start: Int32
    var length: Int32
    var previous: Int32
    var next: Int32
  }

  /// A candidate merge. `key` orders the queue: the score (higher first) in the high half, the
  /// left symbol (lower first) in the low half, so one integer comparison decides.
  struct Bigram: HeapOrdered {
    var key: UInt64
    var left: Int32
    var length: Int32
    var heapKey: UInt64 { key }
  }

  /// Merges `text` and calls `body` with each final symbol's offset and length, in order.
  static func merge(
    _ text: UnsafeBufferPointer<UInt8>, vocabulary: PieceTable, scores: UnsafeBufferPointer<Float>,
    _ body: (Int, Int) -> Void
  ) {
    var count = 0
    var offset = 0
    while offset < text.count {
      offset += utf8Length(text[offset])
      count += 1
    }
    guard count > 0 else { return }
    // At most count - 1 first pairs, then two new ones a merge, and fewer than count merges.
    withUnsafeTemporaryAllocation(of: Symbol.self, capacity: count) { symbols in
      var offset = 0
      for index in 0..<count {
        let length = min(utf8Length(text[offset]), text.count - offset)
        symbols[index] = Symbol(
          start: Int32(offset), length: Int32(length), previous: Int32(index - 1),
          next: index == count - 1 ? -1 : Int32(index + 1))
        offset += length
      }
      var queue = MinHeap<Bigram>(capacity: 3 * count)
      func add(_ left: Int32, _ right: Int32) {
        guard left >= 0, right >= 0 else { return }
        let start = Int(symbols[Int(left)].start)
        let length = Int(symbols[Int(left)].length + symbols[Int(right)].length)
        guard length <= vocabulary.maximumLength,
          let id = vocabulary.id(of: UnsafeBufferPointer(rebasing: text[start..<start + length]))
        else { return }
        queue.push(Bigram(key: orderKey(score: scores[id], left: left), left: left, length: Int32(length)))
      }
      for index in 1..<count { add(Int32(index - 1), Int32(index)) }
      while let bigram = queue.pop() {
        let left = Int(bigram.left)
        let right = Int(symbols[left].next)
        // Skip pairs that an earlier merge changed: the right symbol is still the left one's
        // next unless the left one took it, and then their lengths no longer add up.
        guard right >= 0, symbols[left].length > 0,
          symbols[left].length + symbols[right].length == bigram.length
        else { continue }
        symbols[left].length = bigram.length
        symbols[right].length = 0
        symbols[left].next = symbols[right].next
        if symbols[right].next >= 0 { symbols[Int(symbols[right].next)].previous = bigram.left }
        add(symbols[left].previous, bigram.left)
        add(bigram.left, symbols[left].next)
      }
      var index = 0
      while index >= 0 {
        body(Int(symbols[index].start), Int(symbols[index].length))
        index = Int(symbols[index].next)
      }
    }
  }

  /// llama.cpp's `unicode_len_utf8`: the length a lead byte announces.
  static func utf8Length(_ byte: UInt8) -> Int {
    switch byte >> 4 {
    case 0xC, 0xD: 2
    case 0xE: 3
    case 0xF: 4
    default: 1
    }
  }

  /// Higher scores first, then lower left symbols; -0 and +0 tie, as floats compare.
  static func orderKey(score: Float, left: Int32) -> UInt64 {
    let bits = (score == 0 ? 0 : score).bitPattern
    let ascending = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
    return UInt64(~ascending) << 32 | UInt64(UInt32(bitPattern: left))
  }
}
