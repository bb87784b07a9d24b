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
  private let bytes: [UInt8]
  private var offset = 0

  package init(_ data: Data) { bytes = [UInt8](data) }

  /// Whether every byte was read.
  package var isAtEnd: Bool { offset == bytes.count }
  /// Bytes not read yet.
  package var remaining: Int { bytes.count - offset }

  package mutating func uint64() -> UInt64? {
    guard remaining >= 8 else { return nil }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    offset += 8
    return value
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
    return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
  }
}
