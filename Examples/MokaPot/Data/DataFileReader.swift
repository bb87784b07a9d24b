/// Why a data file could not be read: what was expected, and the byte offset where it was not found.
struct DataFileError: Error, Equatable {
  var offset: Int
  var reason: String
}

/// A reader of the JSON in the data files, pulling values one at a time into the fields of each
/// entry without building a tree of the document first.
///
/// An array of 100,000 entries reads in a fraction of the time `JSONDecoder` takes on Linux, which
/// builds and walks a value per field. Strings must be valid UTF-8; numbers read as integers must
/// be whole and within `Int`; a key not named by the entry is skipped, as `Decodable` does.
struct DataFileReader {
  private let bytes: [UInt8]
  private(set) var index = 0
  private var depth = 0
  private static let maximumDepth = 64

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// A reader at `index`, where an entry of the document's top-level array begins.
  init(_ bytes: [UInt8], entryAt index: Int) {
    self.bytes = bytes
    self.index = index
    depth = 1
  }

  func fail(_ reason: String) -> DataFileError { DataFileError(offset: index, reason: reason) }

  /// Reads a whole document with `body`; only white space may follow it.
  mutating func document<Value>(_ body: (inout DataFileReader) throws(DataFileError) -> Value) throws(DataFileError)
    -> Value
  {
    let value = try body(&self)
    skipSpace()
    guard index == bytes.count else { throw fail("unexpected bytes after the document") }
    return value
  }

  /// Reads an array, calling `element` for each of its values.
  mutating func array(_ element: (inout DataFileReader) throws(DataFileError) -> Void) throws(DataFileError) {
    try open(UInt8(ascii: "["))
    defer { depth -= 1 }
    if try closes(UInt8(ascii: "]")) { return }
    repeat { try element(&self) } while try separated(closing: UInt8(ascii: "]"))
  }

  /// Reads an object, calling `field` with each key; `field` reads or skips the value.
  mutating func object(_ field: (inout DataFileReader, String) throws(DataFileError) -> Void) throws(DataFileError) {
    try open(UInt8(ascii: "{"))
    defer { depth -= 1 }
    if try closes(UInt8(ascii: "}")) { return }
    repeat {
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
      index += 1
      try field(&self, key)
    } while try separated(closing: UInt8(ascii: "}"))
  }

  /// Reads an array of strings.
  mutating func strings() throws(DataFileError) -> [String] {
    var values: [String] = []
    try array { (reader: inout DataFileReader) throws(DataFileError) in values.append(try reader.string()) }
    return values
  }

  /// Reads an object whose values are strings.
  mutating func stringsByKey() throws(DataFileError) -> [String: String] {
    // (Room for a week's days: growing a small dictionary costs more than filling it.)
    var values = [String: String](minimumCapacity: 8)
    try object { (reader: inout DataFileReader, key: String) throws(DataFileError) in values[key] = try reader.string() }
    return values
  }

  /// Reads `null` as nil, or a string.
  mutating func optionalString() throws(DataFileError) -> String? {
    try readsNull() ? nil : try string()
  }

  /// Reads a string, escapes decoded.
  mutating func string() throws(DataFileError) -> String {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a string") }
    index += 1
    let start = index
    var ascii = true
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
      bytes[index] >= 0x20
    {
      ascii = ascii && bytes[index] < 0x80
      index += 1
    }
    guard index < bytes.count else { throw fail("unterminated string") }
    if bytes[index] == UInt8(ascii: "\"") {
      index += 1
      // (ASCII needs no validation, the common case.)
      return ascii ? String(decoding: bytes[start..<(index - 1)], as: UTF8.self) : try text(bytes[start..<(index - 1)])
    }
    var scalars = Array(bytes[start..<index])
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      let byte = bytes[index]
      guard byte >= 0x20 else { throw fail("control character in a string") }
      index += 1
      guard byte == UInt8(ascii: "\\") else {
        scalars.append(byte)
        continue
      }
      try unescape(into: &scalars)
    }
    guard index < bytes.count else { throw fail("unterminated string") }
    index += 1
    return try text(scalars[...])
  }

  /// Reads a whole number within `Int` (`250`, `-3`, `2.0`, `1e3`); a fraction or a value past
  /// `Int` is an error. Written without a fraction or exponent, it is read exactly, all 64 bits.
  mutating func integer() throws(DataFileError) -> Int {
    skipSpace()
    let start = index
    var at = index
    let negative = at < bytes.count && bytes[at] == UInt8(ascii: "-")
    if negative { at += 1 }
    var value = 0
    var overflow = false
    let digits = at
    while at < bytes.count, (0x30...0x39).contains(bytes[at]) {
      let digit = Int(bytes[at] - 0x30)
      let (product, timesOverflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, sumOverflow) =
        negative ? product.subtractingReportingOverflow(digit) : product.addingReportingOverflow(digit)
      (value, overflow) = (sum, overflow || timesOverflow || sumOverflow)
      at += 1
    }
    let plain =
      at > digits && (at == digits + 1 || bytes[digits] != 0x30)
      && (at == bytes.count || ![UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[at]))
    if plain, !overflow {
      index = at
      return value
    }
    let number = plain ? Double.infinity : try number()
    guard let whole = Int(exactly: number) else {
      index = start
      throw fail("expected a whole number within Int")
    }
    return whole
  }

  /// Reads a number.
  mutating func number() throws(DataFileError) -> Double {
    skipSpace()
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digits = index
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    guard index > digits, bytes[digits] != 0x30 || index == digits + 1 else { throw fail("expected a number") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fraction = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      guard index > fraction else { throw fail("expected a digit after '.'") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      let exponent = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      guard index > exponent else { throw fail("expected a digit in the exponent") }
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
      index = start
      throw fail("number out of range")
    }
    return value
  }

  /// Skips one value of any kind.
  mutating func skipValue() throws(DataFileError) {
    skipSpace()
    guard index < bytes.count else { throw fail("expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      try object { (reader: inout DataFileReader, _: String) throws(DataFileError) in try reader.skipValue() }
    case UInt8(ascii: "["): try array { (reader: inout DataFileReader) throws(DataFileError) in try reader.skipValue() }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: _ = try number()
    }
  }

  private mutating func readsNull() throws(DataFileError) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  private mutating func literal(_ word: StaticString) throws(DataFileError) {
    let count = word.utf8CodeUnitCount
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
    guard index + count <= bytes.count, bytes[index..<(index + count)].elementsEqual(expected) else {
      throw fail("expected \(word)")
    }
    index += count
  }

  mutating func open(_ bracket: UInt8) throws(DataFileError) {
    skipSpace()
    guard index < bytes.count, bytes[index] == bracket else {
      throw fail(bracket == UInt8(ascii: "[") ? "expected an array" : "expected an object")
    }
    guard depth < Self.maximumDepth else { throw fail("nested too deeply") }
    depth += 1
    index += 1
  }

  mutating func closes(_ bracket: UInt8) throws(DataFileError) -> Bool {
    skipSpace()
    guard index < bytes.count else { throw fail("unexpected end of file") }
    guard bytes[index] == bracket else { return false }
    index += 1
    return true
  }

  /// After a member: true at ',', false at the closing bracket.
  mutating func separated(closing bracket: UInt8) throws(DataFileError) -> Bool {
    skipSpace()
    guard index < bytes.count else { throw fail("unexpected end of file") }
    index += 1
    if bytes[index - 1] == UInt8(ascii: ",") { return true }
    if bytes[index - 1] == bracket { return false }
    index -= 1
    throw fail("expected ',' or '\(Character(Unicode.Scalar(bracket)))'")
  }

  mutating func skipSpace() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
      index += 1
    }
  }

  /// The text of UTF-8 bytes; invalid UTF-8 is an error (decoding would replace it, so the bytes
  /// of the text differ).
  private func text(_ slice: ArraySlice<UInt8>) throws(DataFileError) -> String {
    let text = String(decoding: slice, as: UTF8.self)
    guard text.utf8.elementsEqual(slice) else { throw fail("invalid UTF-8 in a string") }
    return text
  }

  /// Decodes the escape after a backslash, appending its UTF-8 bytes.
  private mutating func unescape(into scalars: inout [UInt8]) throws(DataFileError) {
    guard index < bytes.count else { throw fail("unterminated escape") }
    let code = bytes[index]
    index += 1
    if let byte = Self.escapes[code] {
      scalars.append(byte)
      return
    }
    guard code == UInt8(ascii: "u") else { throw fail("invalid escape") }
    var value = try hex4()
    if (0xD800...0xDBFF).contains(value) {
      guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u") else {
        throw fail("unpaired surrogate")
      }
      index += 2
      let low = try hex4()
      guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let scalar = Unicode.Scalar(value) else { throw fail("unpaired surrogate") }
    scalars.append(contentsOf: String(Character(scalar)).utf8)
  }

  /// The one-character escapes and the bytes they stand for.
  private static let escapes: [UInt8: UInt8] = [
    0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
    UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
  ]

  private mutating func hex4() throws(DataFileError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[index..<(index + 4)] {
      guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw fail("invalid \\u escape") }
      value = value * 16 + UInt32(digit)
    }
    index += 4
    return value
  }
}
