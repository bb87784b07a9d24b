import Foundation

/// A struct that is ``Generable`` through a list of its properties, without macros.
///
/// Declare the struct `Decodable` as well and list each stored property once, by key path, with
/// its description and guides; the names come from the declarations, the decoding initializer
/// from the compiler, and the memberwise initializer stays. A struct of N properties conforms
/// in N + 2 lines.
///
/// ```swift
/// struct BeanQuery: GenerableObject, Decodable {
///   enum Roast: String, CaseIterable, Generable, Decodable { case light, medium, dark }
///   var roast: Roast
///   var limit: Int
///   var note: String?
///
///   static let properties = GenerableProperties<BeanQuery>(description: "A bean search") {
///     GenerableProperty(\.roast, description: "Roast level")
///     GenerableProperty(\.limit, description: "How many beans", .range(1...5))
///     GenerableProperty(\.note, description: "A tasting note")
///   }
/// }
/// ```
///
/// A type that is not `Decodable` names each property (`GenerableProperty("limit", \.limit)`)
/// and writes `init(_ content: GeneratedContent)` itself.
public protocol GenerableObject: Generable {
  /// A snapshot whose properties are read by key path and are `nil` until generated.
  associatedtype PartiallyGenerated = PartiallyGeneratedObject<Self>
  /// The properties, in the order the model generates them.
  static var properties: GenerableProperties<Self> { get }
}

// MARK: - Default implementations

extension GenerableObject {
  /// An object schema built from ``properties``.
  public static var generationSchema: GenerationSchema { properties.schema }

  /// The listed properties, in order; `nil` optionals are left out.
  public var generatedContent: GeneratedContent { Self.properties.content(of: self) }
}

extension GenerableObject where Self: Decodable {
  /// Decodes the struct with its compiler-written `Decodable` initializer.
  /// - Throws: ``GeneratedContentError`` naming the path of a missing or mistyped property.
  public init(_ content: GeneratedContent) throws {
    self = try GeneratedContentDecoder.decode(Self.self, from: content)
  }
}

/// The ordered property list of a ``GenerableObject``.
public struct GenerableProperties<Root>: Sendable {
  /// The object schema the list describes.
  public let schema: GenerationSchema
  private let properties: [GenerableProperty<Root>]
  private let names: [String]

  /// Creates a property list whose properties all have explicit names.
  ///
  /// - Parameters:
  ///   - name: The object's name in the schema; defaults to the type's name.
  ///   - description: What the object is, shown to the model.
  ///   - build: The properties, in generation order.
  /// - Precondition: every property is named (key-path-only properties need `Root: Decodable`).
  public init(
    name: String? = nil, description: String? = nil,
    @GenerablePropertiesBuilder<Root> _ build: () -> [GenerableProperty<Root>]
  ) {
    let properties = build()
    let names = properties.map { property in
      guard let name = property.explicitName else {
        preconditionFailure(
          "GenerableProperties<\(Root.self)>: \(property.label) has no name; make \(Root.self) Decodable or name it")
      }
      return name
    }
    self.init(name: name, description: description, properties: properties, names: names)
  }

  /// Creates a property list for a `Decodable` type, taking each property's name from its
  /// declaration; an explicit name is checked against it.
  ///
  /// - Precondition: each key path reads a stored property (a failure names the key path).
  public init(
    name: String? = nil, description: String? = nil,
    @GenerablePropertiesBuilder<Root> _ build: () -> [GenerableProperty<Root>]
  ) where Root: Decodable {
    let properties = build()
    let names: [String]
    do {
      names = try Self.resolveNames(properties)
    } catch {
      preconditionFailure(error.description)
    }
    self.init(name: name, description: description, properties: properties, names: names)
  }

  private init(name: String?, description: String?, properties: [GenerableProperty<Root>], names: [String]) {
    self.properties = properties
    self.names = names
    let typeName = name ?? String(describing: Root.self)
    var definitions: [GenerationSchema.Definition] = []
    var nodes: [GenerationSchema.Property] = []
    for (property, name) in zip(properties, names) where !property.isIdentity {
      let (node, own) = property.makeNode(name)
      nodes.append(.init(name: name, description: property.description, node: node, isOptional: property.isOptional))
      for definition in own where !definitions.contains(definition) { definitions.append(definition) }
    }
    schema = GenerationSchema(
      root: .object(name: typeName, description: description, properties: nodes), definitions: definitions)
  }

  /// The declared names of `properties`, found from their key paths; explicit names must match.
  static func resolveNames(_ properties: [GenerableProperty<Root>]) throws(PropertyNameProbe.Failure) -> [String]
  where Root: Decodable {
    let keys = try PropertyNameProbe.keys(of: Root.self, readers: properties.map { ($0.label, $0.read) })
    for (property, key) in zip(properties, keys) {
      if let explicit = property.explicitName, explicit != key {
        throw PropertyNameProbe.Failure(
          description: "\(Root.self): the property named '\(explicit)' is declared as '\(key)'; fix the name or drop it")
      }
    }
    return keys
  }

  /// The name the list gives the property at `keyPath`, if it lists it.
  public func name(of keyPath: AnyKeyPath) -> String? {
    properties.firstIndex { $0.keyPath == keyPath }.map { names[$0] }
  }

  /// The generated content of `value`, properties in list order.
  public func content(of value: Root) -> GeneratedContent {
    var values: [String: GeneratedContent] = [:]
    var keys: [String] = []
    for (property, name) in zip(properties, names) where !property.isIdentity {
      let content = property.read(value)
      if property.isOptional, content == .null { continue }
      keys.append(name)
      values[name] = content
    }
    return GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
  }
}

/// One entry of a ``GenerableProperties`` list: a key path, a description and guides, and — for
/// types that are not `Decodable` — the property's name.
public struct GenerableProperty<Root>: Sendable {
  let explicitName: String?
  let description: String?
  let isOptional: Bool
  /// A ``GenerationID``: the app's, never generated, so left out of the schema and the content.
  let isIdentity: Bool
  let makeNode: @Sendable (String) -> (GenerationSchema.Node, [GenerationSchema.Definition])
  let read: @Sendable (Root) -> GeneratedContent
  let keyPath: AnyKeyPath & Sendable

  /// A property of a `Decodable` generable type, named by its declaration, narrowed by guides.
  @_disfavoredOverload
  public init<Value: Generable>(
    _ keyPath: KeyPath<Root, Value> & Sendable, description: String? = nil, _ guides: GenerationGuide<Value>...
  ) {
    self.init(
      name: nil, keyPath, description: description, guides: guides.map(\.rule), optional: Value.self is any OptionalMarker.Type)
  }

  /// An optional property of a `Decodable` generable type whose guides constrain the wrapped value.
  public init<Wrapped: Generable>(
    _ keyPath: KeyPath<Root, Wrapped?> & Sendable, description: String? = nil, _ guides: GenerationGuide<Wrapped>...
  ) {
    self.init(
      name: nil, keyPath, description: description, guides: guides.map(\.rule), optional: true, schema: Wrapped.generationSchema)
  }

  /// A named property of a generable type, narrowed by guides.
  ///
  /// - Precondition: every guide fits the property's schema (a malformed `.pattern` is a
  ///   programming error caught on first use; build schemas from untrusted text with
  ///   ``DynamicGenerationSchema`` to get a thrown error instead).
  @_disfavoredOverload
  public init<Value: Generable>(
    _ name: String, _ keyPath: KeyPath<Root, Value> & Sendable, description: String? = nil,
    _ guides: GenerationGuide<Value>...
  ) {
    self.init(
      name: name, keyPath, description: description, guides: guides.map(\.rule), optional: Value.self is any OptionalMarker.Type)
  }

  /// A named optional property whose guides constrain the wrapped value when it is present.
  public init<Wrapped: Generable>(
    _ name: String, _ keyPath: KeyPath<Root, Wrapped?> & Sendable, description: String? = nil,
    _ guides: GenerationGuide<Wrapped>...
  ) {
    self.init(
      name: name, keyPath, description: description, guides: guides.map(\.rule), optional: true, schema: Wrapped.generationSchema)
  }

  private init<Value: Generable>(
    name: String?, _ keyPath: KeyPath<Root, Value> & Sendable, description: String?, guides: [GuideRule], optional: Bool,
    schema: GenerationSchema = Value.generationSchema
  ) {
    explicitName = name
    self.description = description
    isOptional = optional
    isIdentity = Value.self == GenerationID.self || Value.self == GenerationID?.self
    makeNode = { name in (Self.node(schema, narrowedBy: guides, name: name), schema.definitions) }
    read = { $0[keyPath: keyPath].generatedContent }
    self.keyPath = keyPath
  }

  /// How the property is shown in messages: its name, or its key path's type.
  var label: String { explicitName.map { "'\($0)'" } ?? String(describing: keyPath) }

  /// The schema's root narrowed by the guides; a guide that cannot be enforced is a
  /// programming error in a static property list.
  private static func node(_ schema: GenerationSchema, narrowedBy rules: [GuideRule], name: String) -> GenerationSchema.Node {
    var node = schema.root
    do {
      for rule in rules { node = try node.applying(rule, path: name) }
      try GenerationSchema(root: node, definitions: schema.definitions).validated()
    } catch {
      preconditionFailure("GenerableProperty '\(name)': \(error.localizedDescription)")
    }
    return node
  }
}

/// Marks `Optional` so a property list can tell optional properties apart.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

/// Builds the property list of a ``GenerableObject``.
@resultBuilder
public enum GenerablePropertiesBuilder<Root> {
  /// Collects the listed properties.
  public static func buildBlock(_ parts: [GenerableProperty<Root>]...) -> [GenerableProperty<Root>] {
    parts.flatMap { $0 }
  }
  /// One property.
  public static func buildExpression(_ property: GenerableProperty<Root>) -> [GenerableProperty<Root>] {
    [property]
  }
  /// A property listed only in some builds.
  public static func buildOptional(_ parts: [GenerableProperty<Root>]?) -> [GenerableProperty<Root>] {
    parts ?? []
  }
  /// The first branch of an `if`.
  public static func buildEither(first: [GenerableProperty<Root>]) -> [GenerableProperty<Root>] { first }
  /// The second branch of an `if`.
  public static func buildEither(second: [GenerableProperty<Root>]) -> [GenerableProperty<Root>] { second }
}
