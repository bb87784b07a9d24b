import Foundation

/// Finds the coding key each property of a `Decodable` type is stored under, from key paths
/// alone, so a ``GenerableProperties`` list names every property once (in its declaration).
///
/// It decodes a few probe instances whose properties take one of two values chosen by the
/// bits of each key's index, then reads every key path: the pattern of values a key path sees
/// across the probes is the index of its key.
enum PropertyNameProbe {
  /// Why a key path could not be matched to a key.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The key each reader reads, in the order of `readers`.
  static func keys<Root: Decodable>(
    of root: Root.Type, readers: [(label: String, read: (Root) -> GeneratedContent)]
  ) throws(Failure) -> [String] {
    let log = ProbeLog()
    var instances: [Root] = []
    do {
      instances.append(try Root(from: ProbeDecoder(pass: 0, log: log, variant: nil, codingPath: [])))
      let passes = max(1, Int.bitWidth - log.keys.count.leadingZeroBitCount)
      for pass in 1...passes {
        instances.append(try Root(from: ProbeDecoder(pass: pass, log: log, variant: nil, codingPath: [])))
      }
    } catch {
      throw Failure(description: "\(Root.self) could not be decoded to find its property names: \(error)")
    }
    var used: [Int: String] = [:]
    return try readers.map { reader throws(Failure) -> String in
      let baseline = reader.read(instances[0])
      var code = 0
      for pass in 1..<instances.count where reader.read(instances[pass]) != baseline { code |= 1 << (pass - 1) }
      guard code >= 1, code <= log.keys.count else {
        throw Failure(
          description: "\(Root.self): cannot tell which stored property \(reader.label) reads (its type has a single "
            + "value, or it is computed); list it with an explicit name: GenerableProperty(\"name\", \(reader.label), …)")
      }
      if let other = used[code] {
        throw Failure(description: "\(Root.self): \(reader.label) and \(other) read the same property")
      }
      used[code] = reader.label
      return log.keys[code - 1]
    }
  }
}

/// The keys the top level decoded, in order.
private final class ProbeLog {
  var keys: [String] = []

  func index(of key: String) -> Int {
    if let index = keys.firstIndex(of: key) { return index }
    keys.append(key)
    return keys.count - 1
  }
}

/// Decodes every value as one of two probe values: at the top level chosen per key by `pass`,
/// below it the `variant` of the property it belongs to.
private struct ProbeDecoder: Decoder {
  let pass: Int
  let log: ProbeLog
  let variant: Int?
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { Unkeyed(decoder: self) }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

  func variant(for key: String) -> Int {
    if let variant { return variant }
    let index = log.index(of: key)
    return pass == 0 ? 0 : ((index + 1) >> (pass - 1)) & 1
  }

  func value<T: Decodable>(_ type: T.Type, variant: Int, key: (any CodingKey)?) throws -> T {
    let bit = variant == 1
    switch T.self {
    case is String.Type: return (bit ? "b" : "a") as! T
    case is Bool.Type: return bit as! T
    case is Int.Type: return (bit ? 1 : 0) as! T
    case is Double.Type: return (bit ? 1.0 : 0.0) as! T
    case is Float.Type: return (bit ? Float(1) : Float(0)) as! T
    case is Decimal.Type: return Decimal(bit ? 1 : 0) as! T
    default: break
    }
    if let enumeration = T.self as? any GenerableEnum.Type, let value = Self.probeCase(of: enumeration, variant) as? T {
      return value
    }
    if let iterable = T.self as? any CaseIterable.Type {
      let cases = Self.cases(of: iterable)
      if !cases.isEmpty, let value = cases[variant % cases.count] as? T { return value }
    }
    let path = key.map { codingPath + [$0] } ?? codingPath
    return try T(from: ProbeDecoder(pass: pass, log: log, variant: variant, codingPath: path))
  }

  private static func cases<C: CaseIterable>(of type: C.Type) -> [Any] { Array(type.allCases) }

  /// One case of an enum with payloads, chosen by `variant`, its fields filled with placeholders.
  private static func probeCase<E: GenerableEnum>(of type: E.Type, _ variant: Int) -> E? {
    let cases = E.cases.cases
    guard !cases.isEmpty else { return nil }
    let item = cases[variant % cases.count]
    var fields: [String: GeneratedContent] = [:]
    for field in item.fields { fields[field.label] = field.schema.placeholder(field.schema.root, depth: 0) }
    let payload = GeneratedContent(kind: .structure(properties: fields, orderedKeys: item.fields.map(\.label)))
    return try? E(GeneratedContent(kind: .structure(properties: [item.name: payload], orderedKeys: [item.name])))
  }

  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try decoder.value(type, variant: decoder.variant(for: key.stringValue), key: key)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
      -> KeyedDecodingContainer<NestedKey>
    { try decoder.container(keyedBy: type) }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { Unkeyed(decoder: decoder) }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
  }

  /// One element, so arrays differ by their element's variant.
  private struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= 1 }
    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      currentIndex += 1
      return try decoder.value(type, variant: decoder.variant ?? 0, key: nil)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
      -> KeyedDecodingContainer<NestedKey>
    {
      currentIndex += 1
      return try decoder.container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      currentIndex += 1
      return Unkeyed(decoder: decoder)
    }
    mutating func superDecoder() throws -> any Decoder { decoder }
  }

  private struct Single: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type, variant: decoder.variant ?? 0, key: nil) }
  }
}

extension GenerationSchema {
  /// The simplest content of the shape `node` describes (patterns are not honoured): the
  /// property probe decodes it where a type cannot be built from single values.
  fileprivate func placeholder(_ node: Node, depth: Int) -> GeneratedContent {
    switch node {
    case .any, .null: return .null
    case .boolean: return GeneratedContent(kind: .bool(false))
    case .integer(let minimum, let maximum): return GeneratedContent(kind: .number(Double(minimum ?? maximum ?? 0)))
    case .number(let minimum, let maximum): return GeneratedContent(kind: .number(minimum ?? maximum ?? 0))
    case .string: return GeneratedContent(kind: .string("a"))
    case .stringEnum(let values): return GeneratedContent(kind: .string(values.first ?? ""))
    case .array: return GeneratedContent(kind: .array([]))
    case .object(_, _, let properties):
      let required = properties.filter { !$0.isOptional }
      var values: [String: GeneratedContent] = [:]
      for property in required { values[property.name] = placeholder(property.node, depth: depth + 1) }
      return GeneratedContent(kind: .structure(properties: values, orderedKeys: required.map(\.name)))
    case .anyOf(let choices):
      return placeholder(choices.first { $0 != .null } ?? .null, depth: depth)
    case .reference(let name):
      guard depth < 8, let definition = definitions.first(where: { $0.name == name }) else { return .null }
      return placeholder(definition.node, depth: depth + 1)
    }
  }
}
