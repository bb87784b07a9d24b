import Foundation

/// The header and key/value metadata of a GGUF model file, read without touching tensor data.
///
/// ```swift
/// let metadata = try GGUFMetadata(contentsOf: URL(fileURLWithPath: "SmolLM2-135M-Instruct.Q4_1.gguf"))
/// metadata.string("tokenizer.ggml.pre") // "smollm"
/// ```
public struct GGUFMetadata: Sendable {
  /// One metadata value.
  public enum Value: Sendable, Equatable {
    case uint(UInt64)
    case int(Int64)
    case float(Double)
    case bool(Bool)
    case string(String)
    case array([Value])
  }

  /// The GGUF format version.
  public let version: UInt32
  /// The number of tensors the file declares.
  public let tensorCount: UInt64
  /// The metadata, by key, in file order.
  public let values: [String: Value]
  /// The keys in file order.
  public let keys: [String]
  /// The GGUF type number each value is stored as (4 for uint32, 9 for an array, …).
  let types: [String: UInt32]

  /// Reads the metadata of the file at `url` (memory-mapped; only the header pages are read).
  /// - Throws: ``GGUFError`` for a missing, truncated or corrupt file.
  public init(contentsOf url: URL) throws(GGUFError) {
    let data: Data
    do {
      data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
      throw .unreadable(path: url.path, reason: error.localizedDescription)
    }
    try self.init(data: data)
  }

  /// Reads metadata from the bytes of a GGUF file (or its first part).
  public init(data: Data) throws(GGUFError) {
    var reader = GGUFReader(data: data)
    try self.init(reader: &reader)
  }

  /// Reads the header and metadata, leaving `reader` at the tensor table.
  init(reader: inout GGUFReader) throws(GGUFError) {
    let data = reader.data
    guard try reader.bytes(4) == Array("GGUF".utf8) else { throw .notGGUF }
    version = try reader.uint32()
    guard (2...3).contains(version) else { throw .unsupportedVersion(version) }
    tensorCount = try reader.uint64()
    let count = try reader.uint64()
    guard count <= UInt64(data.count / 9) else { throw .corrupt(offset: reader.offset, reason: "implausible key count \(count)") }
    var values: [String: Value] = [:]
    var keys: [String] = []
    var types: [String: UInt32] = [:]
    for _ in 0..<count {
      let keyOffset = reader.offset
      let key = try reader.string()
      // llama.cpp refuses both; reading on would let the last of two keys win silently.
      guard !key.isEmpty else { throw .corrupt(offset: keyOffset, reason: "an empty metadata key") }
      guard values[key] == nil else { throw .corrupt(offset: keyOffset, reason: "the metadata key '\(key)' appears twice") }
      let type = try reader.uint32()
      values[key] = try reader.value(type: type, depth: 0)
      types[key] = type
      keys.append(key)
    }
    self.values = values
    self.keys = keys
    self.types = types
  }

  /// A string value.
  public func string(_ key: String) -> String? {
    if case .string(let value)? = values[key] { return value }
    return nil
  }

  /// An integer value (of any integer type).
  public func integer(_ key: String) -> Int? {
    switch values[key] {
    case .uint(let value)?: Int(exactly: value)
    case .int(let value)?: Int(exactly: value)
    default: nil
    }
  }

  /// A Boolean value.
  public func bool(_ key: String) -> Bool? {
    if case .bool(let value)? = values[key] { return value }
    return nil
  }

  /// An array of strings.
  public func strings(_ key: String) -> [String]? {
    guard case .array(let items)? = values[key] else { return nil }
    return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
  }

  /// An array of integers.
  public func integers(_ key: String) -> [Int]? {
    guard case .array(let items)? = values[key] else { return nil }
    return items.compactMap {
      switch $0 {
      case .int(let value): Int(exactly: value)
      case .uint(let value): Int(exactly: value)
      default: nil
      }
    }
  }

  /// An array of numbers, such as `tokenizer.ggml.scores`: floats as stored, integers converted
  /// (llama.cpp accepts scores stored either way).
  public func floats(_ key: String) -> [Double]? {
    guard case .array(let items)? = values[key] else { return nil }
    return items.compactMap {
      switch $0 {
      case .float(let value): value
      case .int(let value): Double(value)
      case .uint(let value): Double(value)
      default: nil
      }
    }
  }
}

/// Why a GGUF file could not be read.
public enum GGUFError: Error, Sendable, Equatable, LocalizedError {
  /// The file could not be opened.
  case unreadable(path: String, reason: String)
  /// The file does not start with the GGUF magic.
  case notGGUF
  /// A GGUF version this reader does not know.
  case unsupportedVersion(UInt32)
  /// The file ends inside the metadata.
  case truncated(offset: Int)
  /// A length, type or count that cannot be right.
  case corrupt(offset: Int, reason: String)
  /// The metadata lacks what a tokenizer needs.
  case missingTokenizer(String)

  /// A sentence naming the problem.
  public var errorDescription: String? {
    switch self {
    case .unreadable(let path, let reason): "Cannot read '\(path)': \(reason)"
    case .notGGUF: "Not a GGUF file (the magic bytes are missing)."
    case .unsupportedVersion(let version): "GGUF version \(version) is not supported (2 and 3 are)."
    case .truncated(let offset): "The GGUF file is truncated: it ends at byte \(offset), inside its metadata."
    case .corrupt(let offset, let reason): "The GGUF file is corrupt at byte \(offset): \(reason)."
    case .missingTokenizer(let reason): "The model has no usable tokenizer: \(reason)."
    }
  }
}

/// A bounds-checked little-endian cursor over GGUF bytes.
struct GGUFReader {
  let data: Data
  private(set) var offset: Int

  init(data: Data) {
    self.data = data
    offset = data.startIndex
  }

  var remaining: Int { data.endIndex - offset }

  mutating func bytes(_ count: Int) throws(GGUFError) -> [UInt8] {
    guard count >= 0, count <= remaining else { throw .truncated(offset: offset) }
    defer { offset += count }
    return [UInt8](data[offset..<offset + count])
  }

  mutating func fixed<T: FixedWidthInteger>(_ type: T.Type) throws(GGUFError) -> T {
    let size = MemoryLayout<T>.size
    guard size <= remaining else { throw .truncated(offset: offset) }
    let start = offset - data.startIndex
    let value = data.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: T.self)) }
    offset += size
    return value
  }

  mutating func uint32() throws(GGUFError) -> UInt32 { try fixed(UInt32.self) }
  mutating func uint64() throws(GGUFError) -> UInt64 { try fixed(UInt64.self) }

  mutating func string() throws(GGUFError) -> String {
    let length = try uint64()
    guard length <= UInt64(remaining) else {
      throw length > 1 << 32 ? .corrupt(offset: offset, reason: "string length \(length)") : .truncated(offset: offset)
    }
    let start = offset - data.startIndex
    let count = Int(length)
    offset += count
    return data.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[start..<start + count]), as: UTF8.self) }
  }

  /// The fewest bytes a value of `type` takes (a string its length, an array its type and count).
  static func minimumSize(of type: UInt32) -> Int {
    switch type {
    case 0, 1, 7: 1
    case 2, 3: 2
    case 4, 5, 6: 4
    case 8, 10, 11, 12: 8
    case 9: 12
    default: 1
    }
  }

  mutating func value(type: UInt32, depth: Int) throws(GGUFError) -> GGUFMetadata.Value {
    switch type {
    case 0: return .uint(UInt64(try fixed(UInt8.self)))
    case 1: return .int(Int64(try fixed(Int8.self)))
    case 2: return .uint(UInt64(try fixed(UInt16.self)))
    case 3: return .int(Int64(try fixed(Int16.self)))
    case 4: return .uint(UInt64(try fixed(UInt32.self)))
    case 5: return .int(Int64(try fixed(Int32.self)))
    case 6: return .float(Double(Float(bitPattern: try fixed(UInt32.self))))
    case 7: return .bool(try fixed(UInt8.self) != 0)
    case 8: return .string(try string())
    case 9:
      guard depth < 4 else { throw .corrupt(offset: offset, reason: "arrays nested too deeply") }
      let elementType = try uint32()
      let count = try uint64()
      // Every element takes at least its smallest encoding, so a count the rest of the file
      // cannot hold is refused before anything is allocated for it.
      guard count <= UInt64(remaining / Self.minimumSize(of: elementType)) else {
        throw .corrupt(offset: offset, reason: "an array of \(count) elements in \(remaining) bytes")
      }
      var items: [GGUFMetadata.Value] = []
      items.reserveCapacity(Int(count))
      for _ in 0..<count { items.append(try value(type: elementType, depth: depth + 1)) }
      return .array(items)
    case 10: return .uint(try fixed(UInt64.self))
    case 11: return .int(try fixed(Int64.self))
    case 12: return .float(Double(bitPattern: try fixed(UInt64.self)))
    default: throw .corrupt(offset: offset, reason: "unknown value type \(type)")
    }
  }
}
