import Foundation

/// The dynamic value a model produces: null, a Boolean, a number, a string, an array, or a
/// structure whose properties keep the order they were generated in.
///
/// `GeneratedContent` is what every backend hands back and what every ``Generable`` type is
/// converted from and to. A streaming snapshot of a value still being generated has
/// `isComplete == false`.
///
/// Content a session generates carries an ``id`` that is the same in every streamed snapshot of
/// one response; content built with an initializer has none unless given one. Two contents are
/// equal when their values and completeness are, whatever their identities.
///
/// ```swift
/// let content = try GeneratedContent(json: #"{"roast":"dark","limit":3}"#)
/// let limit: Int = try content.value(forProperty: "limit")
/// ```
public struct GeneratedContent: Sendable, Equatable {
  /// The shape of a generated value.
  public enum Kind: Sendable, Equatable {
    /// JSON `null`.
    case null
    /// A Boolean.
    case bool(Bool)
    /// A number. Integers up to 2^53 are exact.
    case number(Double)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([GeneratedContent])
    /// An object: its properties and the order their keys appeared in.
    case structure(properties: [String: GeneratedContent], orderedKeys: [String])
  }

  /// The value's shape and contents.
  public var kind: Kind
  /// Whether the value is complete, or a snapshot of a value still being generated.
  public var isComplete: Bool
  /// The identity of the response that generated the value, stable across its streamed
  /// snapshots; `nil` for content built by hand.
  public var id: GenerationID?

  /// Creates content of the given kind.
  public init(kind: Kind, isComplete: Bool = true) {
    self.kind = kind
    self.isComplete = isComplete
  }

  /// Creates complete content of the given kind with an identity.
  public init(kind: Kind, id: GenerationID?) {
    self.init(kind: kind)
    self.id = id
  }

  /// Values and completeness are compared; identities are not.
  public static func == (lhs: GeneratedContent, rhs: GeneratedContent) -> Bool {
    lhs.kind == rhs.kind && lhs.isComplete == rhs.isComplete
  }

  /// Creates content from any value that converts to generated content.
  public init(_ value: some ConvertibleToGeneratedContent) {
    self = value.generatedContent
  }

  /// Creates a structure from ordered key-value pairs; `nil` optionals become `null`.
  ///
  /// ```swift
  /// let content = GeneratedContent(properties: ["roast": "dark", "limit": 3])
  /// ```
  public init(properties: KeyValuePairs<String, any ConvertibleToGeneratedContent>) {
    self.init(pairs: properties.map { ($0.key, $0.value) })
  }

  /// A structure from pairs; the first of two equal keys wins.
  init(pairs: [(String, any ConvertibleToGeneratedContent)]) {
    self.init(properties: pairs) { first, _ in first }
  }

  /// Creates an array of generated content.
  public init(elements: [any ConvertibleToGeneratedContent]) {
    self.init(kind: .array(elements.map(\.generatedContent)))
  }

  /// The `null` value.
  public static let null = GeneratedContent(kind: .null)
}

// MARK: - Reading values

extension GeneratedContent {
  /// The properties of a structure, in generated order, or an error naming what was found instead.
  public func properties() throws(GeneratedContentError) -> [(key: String, value: GeneratedContent)] {
    guard case .structure(let values, let keys) = kind else {
      throw .typeMismatch(path: "", expected: "object", found: kindName)
    }
    return keys.compactMap { key in values[key].map { (key, $0) } }
  }

  /// The elements of an array, or an error naming what was found instead.
  public func elements() throws(GeneratedContentError) -> [GeneratedContent] {
    guard case .array(let values) = kind else {
      throw .typeMismatch(path: "", expected: "array", found: kindName)
    }
    return values
  }

  /// Decodes the named property of a structure into a typed value.
  ///
  /// A missing property decodes as `null`, so an optional property may be absent.
  /// - Throws: ``GeneratedContentError`` naming the property when it is missing or has the wrong type.
  public func value<T: ConvertibleFromGeneratedContent>(
    _ type: T.Type = T.self, forProperty name: String
  ) throws -> T {
    guard case .structure(let values, _) = kind else {
      throw GeneratedContentError.typeMismatch(path: name, expected: "object", found: kindName)
    }
    let property = values[name] ?? .null
    do {
      return try T(property)
    } catch let error as GeneratedContentError {
      if values[name] == nil { throw GeneratedContentError.missingProperty(path: name) }
      throw error.prefixed(with: name)
    }
  }

  /// Decodes the whole value into a typed value.
  public func value<T: ConvertibleFromGeneratedContent>(_ type: T.Type = T.self) throws -> T {
    try T(self)
  }

  /// A short name of this value's kind, used in error messages.
  public var kindName: String {
    switch kind {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .structure: "object"
    }
  }
}

// MARK: - Codable

extension GeneratedContent: Codable {
  /// Decodes from a string holding the value's JSON, which keeps property order exact.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let json = try container.decode(String.self)
    self = try GeneratedContent(json: json)
  }

  /// Encodes as a string holding the value's compact JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(jsonString)
  }
}

extension GeneratedContent: CustomStringConvertible {
  /// The compact JSON of the value.
  public var description: String { jsonString }
}

extension GeneratedContent: ExpressibleByDictionaryLiteral {
  /// A structure from a dictionary literal, keys in the order written.
  ///
  /// ```swift
  /// let arguments: GeneratedContent = ["roast": "dark", "limit": 2]
  /// ```
  public init(dictionaryLiteral elements: (String, any ConvertibleToGeneratedContent)...) {
    self.init(pairs: elements)
  }
}
