import Foundation

/// The shape a model's output is generated under: JSON types, property order, enum cases,
/// numeric bounds, array counts and string patterns.
///
/// A schema is a value. Build it from a ``Generable`` type (`Bean.generationSchema`), from a
/// ``DynamicGenerationSchema`` at run time, or from the JSON Schema dialect Apple's framework
/// writes (``init(jsonSchema:)-(String)``). The guidance compiler (``GuidanceGrammar``) turns it into a constraint automaton,
/// so every guide is enforced while the model generates.
///
/// ```swift
/// let schema = GenerationSchema(
///   root: .object(name: "Query", properties: [
///     .init(name: "roast", node: .stringEnum(["light", "medium", "dark"])),
///     .init(name: "limit", node: .integer(minimum: 1, maximum: 5)),
///   ]))
/// ```
public struct GenerationSchema: Sendable, Equatable {
  /// One node of a schema.
  public indirect enum Node: Sendable, Equatable {
    /// Any JSON value.
    case any
    /// `null`.
    case null
    /// `true` or `false`.
    case boolean
    /// An integer within optional inclusive bounds.
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    /// A number (integer part, optional fraction, no exponent) within optional inclusive bounds.
    case number(minimum: Double? = nil, maximum: Double? = nil)
    /// A string, optionally matching a pattern (see ``StringPattern`` for the supported subset).
    case string(pattern: String? = nil)
    /// A string that must be one of the given values (a constant is a one-element list).
    case stringEnum([String])
    /// An array of elements with optional inclusive count bounds.
    case array(Node, minimumCount: Int? = nil, maximumCount: Int? = nil)
    /// An object whose properties appear in the given order.
    case object(name: String, description: String? = nil, properties: [Property])
    /// A value matching at least one of the alternatives.
    case anyOf([Node])
    /// A reference to a named definition (enables recursion).
    case reference(String)
  }

  /// One property of an object node.
  public struct Property: Sendable, Equatable {
    /// The property's JSON key.
    public var name: String
    /// What the property means, shown to the model.
    public var description: String?
    /// The property's value schema.
    public var node: Node
    /// Whether the property may be absent (or `null`).
    public var isOptional: Bool
    /// The definitions the property's node references, carried into the schema it joins.
    var definitions: [Definition] = []
    /// A guide the node could not take, reported when the schema is validated.
    var guideError: SchemaError?

    /// Creates a property.
    public init(name: String, description: String? = nil, node: Node, isOptional: Bool = false) {
      self.name = name
      self.description = description
      self.node = node
      self.isOptional = isOptional
    }
  }

  /// A named definition that ``Node/reference(_:)`` nodes point to.
  public struct Definition: Sendable, Equatable {
    /// The definition's name.
    public var name: String
    /// The definition's schema.
    public var node: Node

    /// Creates a definition.
    public init(name: String, node: Node) {
      self.name = name
      self.node = node
    }
  }

  /// The schema of the whole value.
  public var root: Node
  /// Named definitions, in the order they were declared.
  public var definitions: [Definition]
  /// A title for the root (the type's name), written as `title` in JSON Schema.
  public var title: String?
  /// A guide a property could not take, reported by ``validated()``.
  var guideError: SchemaError?

  /// Creates a schema from a root node and named definitions, without validating it.
  ///
  /// Use ``validated()`` (or ``init(root:dependencies:)`` on ``DynamicGenerationSchema``) to
  /// check references, bounds and patterns.
  public init(root: Node, definitions: [Definition] = [], title: String? = nil) {
    self.root = root
    self.definitions = definitions
    self.title = title
    if self.title == nil, case .object(let name, _, _) = root { self.title = name }
  }

  /// The definition with the given name.
  public func definition(named name: String) -> Node? {
    definitions.first { $0.name == name }?.node
  }
}

/// Why a schema cannot be built or enforced.
public enum SchemaError: Error, Sendable, Equatable, LocalizedError {
  /// A guide or JSON Schema keyword that the guidance automaton cannot enforce.
  case unsupportedGuide(path: String, reason: String)
  /// A reference to a definition that does not exist.
  case undefinedReference(path: String, name: String)
  /// Bounds that no value satisfies (minimum above maximum, an empty enum).
  case emptyRange(path: String)
  /// Two properties with one name in an object.
  case duplicateProperty(path: String, name: String)
  /// Two definitions with one name.
  case duplicateDefinition(String)
  /// JSON that is not a schema this library reads.
  case invalidSchemaJSON(reason: String)
  /// A definition that refers back to itself so that no finite value can be written: with no
  /// array or object in between, or through properties that are all required.
  case circularReference(path: String, name: String)

  /// A sentence naming the problem and where it is.
  public var errorDescription: String? {
    switch self {
    case .unsupportedGuide(let path, let reason):
      "Unsupported guide at '\(path.isEmpty ? "(root)" : path)': \(reason) Remove it or express it with a supported guide."
    case .undefinedReference(let path, let name):
      "Reference to undefined schema '\(name)' at '\(path.isEmpty ? "(root)" : path)'."
    case .emptyRange(let path):
      "No value can satisfy the bounds at '\(path.isEmpty ? "(root)" : path)'."
    case .duplicateProperty(let path, let name):
      "Property '\(name)' appears twice in the object at '\(path.isEmpty ? "(root)" : path)'."
    case .duplicateDefinition(let name): "Schema definition '\(name)' is declared twice."
    case .invalidSchemaJSON(let reason): "Not a readable JSON Schema: \(reason)"
    case .circularReference(let path, let name):
      "The schema at '\(path.isEmpty ? "(root)" : path)' refers back to '\(name)' so that no finite value can be "
        + "written; nest the reference in an optional property, an array that may be empty, or an anyOf with another choice."
    }
  }
}
