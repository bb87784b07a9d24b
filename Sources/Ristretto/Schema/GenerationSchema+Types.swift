import Foundation

/// Schemas assembled from ``Generable`` types, with Foundation Models' spellings: the way a
/// hand-written `generationSchema` lists its properties.
///
/// ```swift
/// static var generationSchema: GenerationSchema {
///   GenerationSchema(type: Self.self, description: "A brew", properties: [
///     .init(name: "grams", type: Int.self, guides: [.range(10...30)]),
///     .init(name: "note", type: String?.self),
///   ])
/// }
/// ```
///
/// A guide the property's type cannot take is not dropped: it is reported as a ``SchemaError``
/// when the schema is validated, which every request does before it generates.
extension GenerationSchema {
  /// An object schema for `type` with the given properties, in order; `nil` optionals are left
  /// out of the generated content.
  public init(type: any Generable.Type, description: String? = nil, properties: [Property]) {
    self.init(type: type, description: description, representNilExplicitlyInGeneratedContent: false, properties: properties)
  }

  /// An object schema for `type`; with `representNilExplicitlyInGeneratedContent`, every
  /// optional property is required and written as `null` when it has no value.
  public init(
    type: any Generable.Type, description: String? = nil, representNilExplicitlyInGeneratedContent: Bool,
    properties: [Property]
  ) {
    let name = String(describing: type)
    let nodes = properties.map { property in
      guard representNilExplicitlyInGeneratedContent, property.isOptional else { return property }
      var required = property
      required.isOptional = false
      if case .anyOf(let choices) = property.node, choices.contains(.null) { return required }
      required.node = .anyOf([property.node, .null])
      return required
    }
    self.init(
      root: .object(name: name, description: description, properties: nodes),
      definitions: Self.merged(properties.map(\.definitions)), title: name)
    guideError = properties.lazy.compactMap(\.guideError).first
  }

  /// A string schema for `type` whose only values are `choices`.
  public init(type: any Generable.Type, description: String? = nil, anyOf choices: [String]) {
    self.init(root: .stringEnum(choices), title: String(describing: type))
  }

  /// A schema for `type` whose values are those of any one of `types`.
  public init(type: any Generable.Type, description: String? = nil, anyOf types: [any Generable.Type]) {
    let schemas = types.map { $0.generationSchema }
    self.init(
      root: .anyOf(schemas.map(\.root)), definitions: Self.merged(schemas.map(\.definitions)), title: String(describing: type))
  }

  /// Definitions from several sources, each name once.
  private static func merged(_ lists: [[Definition]]) -> [Definition] {
    var seen = Set<String>()
    return lists.joined().filter { seen.insert($0.name).inserted }
  }
}

extension GenerationSchema.Property {
  /// A property holding a generable type, narrowed by guides. (An optional type picks the
  /// overload below, so the property may be absent.)
  @_disfavoredOverload
  public init<Value: Generable>(
    name: String, description: String? = nil, type: Value.Type, guides: [GenerationGuide<Value>] = []
  ) {
    self.init(name: name, description: description, schema: Value.generationSchema, rules: guides.map(\.rule), isOptional: false)
  }

  /// An optional property holding a generable type, narrowed by guides; it may be absent.
  public init<Value: Generable>(
    name: String, description: String? = nil, type: Value?.Type, guides: [GenerationGuide<Value>] = []
  ) {
    self.init(name: name, description: description, schema: Value.generationSchema, rules: guides.map(\.rule), isOptional: true)
  }

  /// A string property whose value must match the pattern of `guides`. One pattern is
  /// enforced; several are reported as an unsupported guide, since they cannot be combined.
  public init<RegexOutput>(name: String, description: String? = nil, type: String.Type, guides: [Regex<RegexOutput>] = []) {
    self.init(name: name, description: description, schema: String.generationSchema, rules: Self.rules(guides), isOptional: false)
  }

  /// An optional string property whose value, when present, must match the pattern of `guides`.
  public init<RegexOutput>(
    name: String, description: String? = nil, type: String?.Type, guides: [Regex<RegexOutput>] = []
  ) {
    self.init(name: name, description: description, schema: String.generationSchema, rules: Self.rules(guides), isOptional: true)
  }

  private static func rules<Output>(_ patterns: [Regex<Output>]) -> [GuideRule] {
    guard patterns.count <= 1 else { return [.unsupported("several patterns on one property cannot be combined")] }
    return patterns.map { GenerationGuide<String>.pattern($0).rule }
  }

  private init(name: String, description: String?, schema: GenerationSchema, rules: [GuideRule], isOptional: Bool) {
    var node = schema.root
    var guideError: SchemaError?
    do {
      for rule in rules { node = try node.applying(rule, path: name) }
    } catch {
      guideError = error
    }
    self.init(name: name, description: description, node: node, isOptional: isOptional)
    self.definitions = schema.definitions
    self.guideError = guideError
  }
}
