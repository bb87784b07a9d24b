import Foundation

/// A JSON parser over UTF-8 bytes that can also read an incomplete prefix of a document.
///
/// In partial mode, whatever has been seen so far becomes a value: open strings, arrays and
/// objects are closed, a half-written key or literal is dropped, and every value that was
/// cut short is marked `isComplete == false`.
struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private let allowsPartial: Bool
  private var depth = 0
  private static let maximumDepth = 512

  init(_ bytes: [UInt8], allowsPartial: Bool) {
    self.bytes = bytes
    self.allowsPartial = allowsPartial
  }

  /// Parses one value; in strict mode trailing non-space bytes are an error.
  mutating func parseDocument() throws(GeneratedContentError) -> GeneratedContent {
    skipSpace()
    guard let value = try parseValue() else {
      if allowsPartial { return GeneratedContent(kind: .null, isComplete: false) }
      throw fail("expected a value")
    }
    skipSpace()
    if index < bytes.count { throw fail("unexpected trailing bytes") }
    return value
  }

  private func fail(_ reason: String) -> GeneratedContentError {
    .invalidJSON(offset: index, reason: reason)
  }

  private var atEnd: Bool { index >= bytes.count }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  /// Returns nil only in partial mode when the input ends before a value has begun.
  private mutating func parseValue() throws(GeneratedContentError) -> GeneratedContent? {
    skipSpace()
    guard !atEnd else {
      if allowsPartial { return nil }
      throw fail("unexpected end of input")
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try nested { (p: inout JSONParser) throws(GeneratedContentError) in try p.parseObject() }
    case UInt8(ascii: "["): return try nested { (p: inout JSONParser) throws(GeneratedContentError) in try p.parseArray() }
    case UInt8(ascii: "\""):
      let (text, complete) = try parseString()
      return GeneratedContent(kind: .string(text), isComplete: complete)
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    default: return try parseNumber()
    }
  }

  private mutating func nested(
    _ body: (inout JSONParser) throws(GeneratedContentError) -> GeneratedContent
  ) throws(GeneratedContentError) -> GeneratedContent {
    depth += 1
    defer { depth -= 1 }
    if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth)") }
    return try body(&self)
  }

  private mutating func parseLiteral(
    _ word: String, _ kind: GeneratedContent.Kind
  ) throws(GeneratedContentError) -> GeneratedContent? {
    let expected = Array(word.utf8)
    var matched = 0
    while matched < expected.count, index < bytes.count, bytes[index] == expected[matched] {
      matched += 1
      index += 1
    }
    if matched == expected.count { return GeneratedContent(kind: kind) }
    if atEnd && allowsPartial { return nil }
    throw fail("expected '\(word)'")
  }

  private mutating func parseNumber() throws(GeneratedContentError) -> GeneratedContent? {
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    while index < bytes.count {
      let byte = bytes[index]
      let isNumberByte =
        (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
        || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      guard isNumberByte else { break }
      index += 1
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    let valid = Self.isValidNumber(text)
    if valid, let value = Double(text) {
      // 1e999 is valid JSON but no Double: refuse it rather than read infinity (which prints as null).
      guard value.isFinite else {
        index = start
        throw fail("the number '\(text)' is out of range")
      }
      return GeneratedContent(kind: .number(value), isComplete: !(atEnd && allowsPartial))
    }
    if atEnd && allowsPartial {
      var trimmed = text
      while let last = trimmed.last, !last.isNumber { trimmed.removeLast() }
      if Self.isValidNumber(trimmed), let value = Double(trimmed), value.isFinite {
        return GeneratedContent(kind: .number(value), isComplete: false)
      }
      return nil
    }
    index = start
    throw fail(text.isEmpty ? "unexpected character" : "invalid number '\(text)'")
  }

  static func isValidNumber(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    func digits() -> Int {
      let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    let leading = bytes.first
    let intDigits = digits()
    guard intDigits > 0, !(leading == UInt8(ascii: "0") && intDigits > 1) else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  /// Parses a string starting at its opening quote; returns the text and whether it was closed.
  private mutating func parseString() throws(GeneratedContentError) -> (String, Bool) {
    index += 1
    var output: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return (String(decoding: output, as: UTF8.self), true)
      }
      if byte < 0x20 { throw fail("control character in string") }
      if byte != UInt8(ascii: "\\") {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.count else {
        // The input ends on the backslash: in partial mode the escape is still being written.
        if allowsPartial { index = bytes.count }
        break
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard let scalar = try parseUnicodeEscape() else {
          guard allowsPartial else { throw fail("unterminated string") }
          index = bytes.count
          return (String(decoding: output, as: UTF8.self), false)
        }
        output.append(contentsOf: Array(String(Character(scalar)).utf8))
      default: throw fail("invalid escape")
      }
    }
    if allowsPartial { return (String(decoding: output, as: UTF8.self), false) }
    throw fail("unterminated string")
  }

  /// Reads the four hex digits after `\u` (and a low surrogate after a high one).
  private mutating func parseUnicodeEscape() throws(GeneratedContentError) -> Unicode.Scalar? {
    guard let high = try readHex4() else { return nil }
    if (0xD800...0xDBFF).contains(high) {
      guard index + 1 < bytes.count else { return nil }
      guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
        throw fail("unpaired surrogate")
      }
      index += 2
      guard let low = try readHex4() else { return nil }
      guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }
    guard let scalar = Unicode.Scalar(high) else { throw fail("unpaired surrogate") }
    return scalar
  }

  private mutating func readHex4() throws(GeneratedContentError) -> UInt32? {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { return nil }
      guard let digit = Self.hexValue(bytes[index]) else { throw fail("invalid \\u escape") }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  private mutating func parseArray() throws(GeneratedContentError) -> GeneratedContent {
    index += 1
    var elements: [GeneratedContent] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return GeneratedContent(kind: .array([]))
    }
    while true {
      guard let element = try parseValue() else { break }
      elements.append(element)
      skipSpace()
      if atEnd { break }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return GeneratedContent(kind: .array(elements))
      }
      throw fail("expected ',' or ']'")
    }
    if !allowsPartial { throw fail("unterminated array") }
    return GeneratedContent(kind: .array(elements), isComplete: false)
  }

  private mutating func parseObject() throws(GeneratedContentError) -> GeneratedContent {
    index += 1
    var values: [String: GeneratedContent] = [:]
    var keys: [String] = []
    func partial() -> GeneratedContent {
      GeneratedContent(kind: .structure(properties: values, orderedKeys: keys), isComplete: false)
    }
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))
    }
    while true {
      skipSpace()
      if atEnd { break }
      guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a property name") }
      let (key, keyComplete) = try parseString()
      skipSpace()
      if !keyComplete || atEnd { break }
      guard bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
      index += 1
      guard let value = try parseValue() else { break }
      if values[key] == nil { keys.append(key) }
      values[key] = value
      skipSpace()
      if atEnd { break }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
      }
      throw fail("expected ',' or '}'")
    }
    if !allowsPartial { throw fail("unterminated object") }
    return partial()
  }
}
