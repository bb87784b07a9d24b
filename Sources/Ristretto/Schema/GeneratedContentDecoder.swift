/// Decodes a `Decodable` type from ``GeneratedContent``, so a ``GenerableObject`` that is also
/// `Decodable` needs no hand-written decoding initializer: the compiler writes it from the
/// property names, and each name is spelled once.
///
/// Properties whose type is ``ConvertibleFromGeneratedContent`` (enums, nested generable
/// structs, built-ins) decode through their own conformance; others through `Decodable`.
struct GeneratedContentDecoder: Decoder {
  let content: GeneratedContent
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Decodes `type` with its own `Decodable` initializer (never its generated-content one, which
  /// may be the caller).
  static func decode<T: Decodable>(_ type: T.Type, from content: GeneratedContent) throws -> T {
    try T(from: GeneratedContentDecoder(content: content, codingPath: []))
  }

  var path: String {
    codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().drop { $0 == "." }
      .description
  }

  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    if let convertible = T.self as? any ConvertibleFromGeneratedContent.Type {
      do {
        return try convertible.init(content) as! T
      } catch let error as GeneratedContentError {
        throw path.isEmpty ? error : error.prefixed(with: path)
      }
    }
    return try T(from: self)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .structure(let properties, _) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: path, expected: "object", found: content.kindName)
    }
    return KeyedDecodingContainer(Keyed<Key>(properties: properties, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = content.kind else {
      throw GeneratedContentError.typeMismatch(path: path, expected: "array", found: content.kindName)
    }
    return Unkeyed(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let properties: [String: GeneratedContent]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { properties.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { properties[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { (properties[key.stringValue] ?? .null) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      guard let value = properties[key.stringValue] else {
        // An identity is the app's, never generated: a value without one gets a new one.
        if T.self == GenerationID.self { return GenerationID() as! T }
        let path = GeneratedContentDecoder(content: .null, codingPath: codingPath + [key]).path
        throw GeneratedContentError.missingProperty(path: path)
      }
      return try GeneratedContentDecoder(content: value, codingPath: codingPath + [key]).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      try GeneratedContentDecoder(content: properties[key.stringValue] ?? .null, codingPath: codingPath + [key])
        .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try GeneratedContentDecoder(content: properties[key.stringValue] ?? .null, codingPath: codingPath + [key])
        .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { GeneratedContentDecoder(content: .null, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      GeneratedContentDecoder(content: properties[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
  }

  private struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [GeneratedContent]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next() throws -> GeneratedContentDecoder {
      guard !isAtEnd else {
        throw GeneratedContentError.invalidValue(path: "[\(currentIndex)]", reason: "the array has no more elements")
      }
      defer { currentIndex += 1 }
      return GeneratedContentDecoder(content: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, elements[currentIndex] == .null else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    { try next().container(keyedBy: type) }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
  }

  private struct Single: SingleValueDecodingContainer {
    let decoder: GeneratedContentDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.content == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
  }
}

/// An array index as a coding key.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
