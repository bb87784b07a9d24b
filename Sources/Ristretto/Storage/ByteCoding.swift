import Foundation

/// Writes integers, doubles and strings as little-endian bytes (the format ``ByteReader`` reads).
package struct ByteWriter: Sendable {
  package private(set) var data = Data()

  package init() {}

  package mutating func write(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
  package mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }
  package mutating func write(_ value: Double) { write(value.bitPattern) }
  package mutating func write(_ text: String) {
    write(text.utf8.count)
    data.append(contentsOf: text.utf8)
  }
}

/// Reads what ``ByteWriter`` wrote, checking every length against the bytes left: a truncated or
/// foreign file reads as nil, never as a trap or an allocation larger than the file.
package struct ByteReader {
  private let bytes: Data
  private var offset = 0

  package init(_ data: Data) { bytes = data.startIndex == 0 ? data : Data(data) }

  /// Whether every byte was read.
  package var isAtEnd: Bool { offset == bytes.count }
  /// Bytes not read yet.
  package var remaining: Int { bytes.count - offset }

  package mutating func uint64() -> UInt64? {
    guard remaining >= 8 else { return nil }
    let value = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    offset += 8
    return value
  }

  /// `count` doubles written one after another; nil when fewer remain.
  package mutating func doubles(_ count: Int) -> [Double]? {
    guard count >= 0, count <= remaining / 8 else { return nil }
    let start = offset
    offset += count * 8
    return bytes.withUnsafeBytes { raw in
      (0..<count).map { index in
        Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self)))
      }
    }
  }

  /// A count or index: non-negative and at most `limit`.
  package mutating func int(atMost limit: Int) -> Int? {
    guard let raw = uint64(), raw <= UInt64(limit) else { return nil }
    return Int(raw)
  }

  package mutating func double() -> Double? { uint64().map(Double.init(bitPattern:)) }

  package mutating func string() -> String? {
    guard let raw = uint64(), raw <= UInt64(remaining) else { return nil }
    let count = Int(raw)
    defer { offset += count }
    return bytes.withUnsafeBytes {
      String(decoding: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count]), as: UTF8.self)
    }
  }
}
