import Foundation

/// A schema assembled at run time, for shapes not known at compile time.
///
/// Build nodes, then turn them into a checked ``GenerationSchema`` with
/// ``GenerationSchema/init(root:dependencies:)``; bad bounds, unknown references and patterns
/// outside the supported subset are thrown there, never dropped.
///
/// ```swift
/// let order = DynamicGenerationSchema(name: "Order", properties: [
///   .init(name: "size", schema: .init(name: "Size", anyOf: ["1", "3", "6"])),
///   .init(name: "note", schema: .init(type: String.self), isOptional: true),
/// ])
/// let schema = try GenerationSchema(root: order, dependencies: [])
/// ```
public struct DynamicGenerationSchema: Sendable {
  indirect enum Shape: Sendable {
    case leaf(GenerationSchema.Node, [GuideRule])
    case object(description: String?, properties: [Property])
    case anyOf([DynamicGenerationSchema])
    case array(DynamicGenerationSchema, minimum: Int?, maximum: Int?)
  }

  let shape: Shape
  /// The name dependencies are referenced by.
  public let name: String?

  /// One property of a dynamic object.
  public struct Property: Sendable {
    let name: String
    let description: String?
    let schema: DynamicGenerationSchema
    let isOptional: Bool

    /// Creates a property.
    public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false) {
      self.name = name
      self.description = description
      self.schema = schema
      self.isOptional = isOptional
    }
  }

  /// An object with properties in the given order.
  public init(name: String, description: String? = nil, properties: [Property]) {
    shape = .object(description: description, properties: properties)
    self.name = name
  }

  /// A string that must be one of `choices`.
  public init(name: String, description: String? = nil, anyOf choices: [String]) {
    shape = .leaf(.stringEnum(choices), [])
    self.name = name
  }

  /// A value matching one of several schemas.
  public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
    shape = .anyOf(choices)
    self.name = name
  }

  /// An array of `element`, with optional count bounds.
  public init(arrayOf element: DynamicGenerationSchema, minimumElements: Int? = nil, maximumElements: Int? = nil) {
    shape = .array(element, minimum: minimumElements, maximum: maximumElements)
    name = nil
  }

  /// The schema of a generable type, narrowed by guides.
  public init<Value: Generable>(type: Value.Type, guides: [GenerationGuide<Value>] = []) {
    shape = .leaf(Value.generationSchema.root, guides.map(\.rule))
    name = nil
  }

  /// A reference to a schema declared in the dependencies (for recursion).
  public init(referenceTo name: String) {
    shape = .leaf(.reference(name), [])
    self.name = nil
  }

  /// A schema from a raw node.
  public init(node: GenerationSchema.Node, name: String? = nil) {
    shape = .leaf(node, [])
    self.name = name
  }

  func resolvedNode(path: String) throws(SchemaError) -> GenerationSchema.Node {
    switch shape {
    case .leaf(let node, let rules):
      var result = node
      for rule in rules { result = try result.applying(rule, path: path) }
      return result
    case .object(let description, let properties):
      var resolved: [GenerationSchema.Property] = []
      for property in properties {
        let childPath = path.isEmpty ? property.name : "\(path).\(property.name)"
        resolved.append(
          .init(
            name: property.name, description: property.description,
            node: try property.schema.resolvedNode(path: childPath), isOptional: property.isOptional))
      }
      return .object(name: name ?? "Object", description: description, properties: resolved)
    case .anyOf(let choices):
      var nodes: [GenerationSchema.Node] = []
      for choice in choices { nodes.append(try choice.resolvedNode(path: path)) }
      return .anyOf(nodes)
    case .array(let element, let minimum, let maximum):
      return .array(try element.resolvedNode(path: path + "[]"), minimumCount: minimum, maximumCount: maximum)
    }
  }
}

extension GenerationSchema {
  /// A checked schema from a dynamic root and the named schemas it references.
  ///
  /// Named objects and enums among `dependencies` become definitions that
  /// `DynamicGenerationSchema(referenceTo:)` can point to, recursively.
  /// - Throws: ``SchemaError`` for unknown references, empty bounds or unsupported guides.
  public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws(SchemaError) {
    var definitions: [Definition] = []
    for dependency in dependencies {
      guard let name = dependency.name else {
        throw .invalidSchemaJSON(reason: "a dependency needs a name to be referenced")
      }
      definitions.append(Definition(name: name, node: try dependency.resolvedNode(path: "$defs.\(name)")))
    }
    self.init(root: try root.resolvedNode(path: ""), definitions: definitions, title: root.name)
    try validated()
  }
}
