import Foundation

/// Token texts in one byte buffer, with an open-addressing hash table from text to id (the last
/// id of a repeated text wins, as in llama.cpp's `token_to_id`).
struct PieceTable: Sendable {
  private let bytes: [UInt8]
  private let offsets: [Int32]
  private let slots: [Int32]
  private let mask: Int
  /// The length in bytes of the longest token.
  let maximumLength: Int

  init(tokens: [String]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(tokens.count * 8)
    var offsets: [Int32] = [0]
    offsets.reserveCapacity(tokens.count + 1)
    var longest = 0
    for (id, token) in tokens.enumerated() {
      let before = bytes.count
      // llama.cpp renames empty tokens so that every text is distinct.
      if token.isEmpty { bytes.append(contentsOf: "[EMPTY_\(id)]".utf8) } else { bytes.append(contentsOf: token.utf8) }
      longest = max(longest, bytes.count - before)
      offsets.append(Int32(bytes.count))
    }
    var capacity = 16
    while capacity < tokens.count * 2 { capacity *= 2 }
    var slots = [Int32](repeating: -1, count: capacity)
    bytes.withUnsafeBufferPointer { all in
      offsets.withUnsafeBufferPointer { offsets in
        slots.withUnsafeMutableBufferPointer { slots in
          for id in 0..<tokens.count {
            let start = Int(offsets[id])
            let length = Int(offsets[id + 1]) - start
            var slot = Self.hash(UnsafeBufferPointer(rebasing: all[start..<start + length])) & (capacity - 1)
            while slots[slot] >= 0 {
              let other = Int(slots[slot])
              let otherStart = Int(offsets[other])
              if Int(offsets[other + 1]) - otherStart == length
                && memcmp(all.baseAddress! + otherStart, all.baseAddress! + start, length) == 0
              {
                break
              }
              slot = (slot + 1) & (capacity - 1)
            }
            slots[slot] = Int32(id)
          }
        }
      }
    }
    self.bytes = bytes
    self.offsets = offsets
    self.slots = slots
    mask = capacity - 1
    maximumLength = longest
  }

  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  /// The id of the token spelled `key`.
  func id(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    guard key.count <= maximumLength else { return nil }
    return bytes.withUnsafeBufferPointer { all in
      var slot = Self.hash(key) & mask
      while true {
        let id = Int(slots[slot])
        guard id >= 0 else { return nil }
        let start = Int(offsets[id])
        let end = Int(offsets[id + 1])
        if end - start == key.count && (key.isEmpty || memcmp(all.baseAddress! + start, key.baseAddress!, key.count) == 0) {
          return id
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The id of the token spelled `key`.
  func id(of key: [UInt8]) -> Int? { key.withUnsafeBufferPointer { id(of: $0) } }

  /// The text of a token, as stored.
  func text(of id: Int) -> [UInt8] { Array(bytes[Int(offsets[id])..<Int(offsets[id + 1])]) }

  /// The tokens holding a `▁` after their first byte, with the offsets of those `▁`s; nil when
  /// there are more than `limit`.
  func tokensWithInnerSpace(limit: Int) -> [(id: Int, offsets: [Int])]? {
    var result: [(id: Int, offsets: [Int])] = []
    var overflow = false
    bytes.withUnsafeBufferPointer { all in
      offsets.withUnsafeBufferPointer { offsets in
        var id = 0
        var index = 0
        while index + 2 < all.count {
          guard all[index] == 0xE2, all[index + 1] == 0x96, all[index + 2] == 0x81 else {
            index += 1
            continue
          }
          while Int(offsets[id + 1]) <= index { id += 1 }
          let offset = index - Int(offsets[id])
          if offset > 0 {
            if result.last?.id == id {
              result[result.count - 1].offsets.append(offset)
            } else if result.count == limit {
              overflow = true
              return
            } else {
              result.append((id, [offset]))
            }
          }
          index += 3
        }
      }
    }
    return overflow ? nil : result
  }

  /// The byte a `<0xXX>` token stands for.
  func byteValue(of id: Int) -> UInt8? {
    let text = bytes[Int(offsets[id])..<Int(offsets[id + 1])]
    guard text.count == 6, text.starts(with: Array("<0x".utf8)), text.last == UInt8(ascii: ">") else { return nil }
    return UInt8(String(decoding: text.dropFirst(3).prefix(2), as: UTF8.self), radix: 16)
  }
}
