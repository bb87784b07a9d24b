import Foundation

/// A struct that is ``Generable`` through a list of its properties, without macros.
///
/// List each stored property once, with its key path, description and guides. The schema and
/// `generatedContent` come from the list; you write only the decoding initializer.
///
/// ```swift
/// struct BeanQuery: GenerableObject {
///   enum Roast: String, CaseIterable, Generable { case light, medium, dark }
///   var roast: Roast
///   var limit: Int
///   var note: String?
///   var origins: [String]
///
///   static let properties = GenerableProperties<BeanQuery>(description: "A bean search") {
///     GenerableProperty("roast", \.roast, description: "Roast level")
///     GenerableProperty("limit", \.limit, description: "How many beans", .range(1...5))
///     GenerableProperty("note", \.note, description: "A tasting note")
///     GenerableProperty("origins", \.origins, description: "Countries", .count(1...3))
///   }
///
///   init(_ content: GeneratedContent) throws {
///     roast = try content.value(forProperty: "roast")
///     limit = try content.value(forProperty: "limit")
///     note = try content.value(forProperty: "note")
///     origins = try content.value(forProperty: "origins")
///   }
/// }
/// ```
public protocol GenerableObject: Generable {
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

/// The ordered property list of a ``GenerableObject``.
public struct GenerableProperties<Root>: Sendable {
  /// The object schema the list describes.
  public let schema: GenerationSchema
  private let properties: [GenerableProperty<Root>]

  /// Creates a property list.
  ///
  /// - Parameters:
  ///   - name: The object's name in the schema; defaults to the type's name.
  ///   - description: What the object is, shown to the model.
  ///   - build: The properties, in generation order.
  public init(
    name: String? = nil, description: String? = nil,
    @GenerablePropertiesBuilder<Root> _ build: () -> [GenerableProperty<Root>]
  ) {
    let properties = build()
    self.properties = properties
    let typeName = name ?? String(describing: Root.self)
    var definitions: [GenerationSchema.Definition] = []
    for property in properties {
      for definition in property.definitions where !definitions.contains(definition) {
        definitions.append(definition)
      }
    }
    schema = GenerationSchema(
      root: .object(name: typeName, description: description, properties: properties.map(\.property)),
      definitions: definitions)
  }

  /// The generated content of `value`, properties in list order.
  public func content(of value: Root) -> GeneratedContent {
    var values: [String: GeneratedContent] = [:]
    var keys: [String] = []
    for property in properties {
      let content = property.read(value)
      if property.property.isOptional, content == .null { continue }
      keys.append(property.property.name)
      values[property.property.name] = content
    }
    return GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
  }
}

/// One entry of a ``GenerableProperties`` list: a key, a key path, a description and guides.
public struct GenerableProperty<Root>: Sendable {
  let property: GenerationSchema.Property
  let definitions: [GenerationSchema.Definition]
  let read: @Sendable (Root) -> GeneratedContent

  /// A property of a generable type, narrowed by guides.
  ///
  /// - Precondition: every guide fits the property's schema (a malformed `.pattern` is a
  ///   programming error caught on first use; build schemas from untrusted text with
  ///   ``DynamicGenerationSchema`` to get a thrown error instead).
  @_disfavoredOverload
  public init<Value: Generable>(
    _ name: String, _ keyPath: KeyPath<Root, Value> & Sendable, description: String? = nil,
    _ guides: GenerationGuide<Value>...
  ) {
    let schema = Value.generationSchema
    let node = Self.node(schema, narrowedBy: guides.map(\.rule), name: name)
    let isOptional = Value.self is any OptionalMarker.Type
    property = .init(name: name, description: description, node: node, isOptional: isOptional)
    definitions = schema.definitions
    read = { $0[keyPath: keyPath].generatedContent }
  }

  /// An optional property whose guides constrain the wrapped value when it is present.
  public init<Wrapped: Generable>(
    _ name: String, _ keyPath: KeyPath<Root, Wrapped?> & Sendable, description: String? = nil,
    _ guides: GenerationGuide<Wrapped>...
  ) {
    let schema = Wrapped.generationSchema
    let node = Self.node(schema, narrowedBy: guides.map(\.rule), name: name)
    property = .init(name: name, description: description, node: node, isOptional: true)
    definitions = schema.definitions
    read = { $0[keyPath: keyPath].generatedContent }
  }

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
