/// An enum with associated values that is ``Generable`` through a list of its cases, without
/// macros.
///
/// Declare it `Decodable` as well and list every case in order with its payload's fields;
/// unlabelled payloads are named `_0`, `_1`, … as Swift's `Codable` names them. The model writes
/// one case as an object with one property, the case's name, holding the payload's fields
/// (`{"orderCoffee":{"_0":"cortado"}}`, `{"justBrowsing":{}}`), which is the layout the compiler's
/// `Decodable` reads.
///
/// ```swift
/// enum Encounter { case orderCoffee(String), complain(about: String), justBrowsing }
///
/// extension Encounter: GenerableEnum, Decodable {
///   static let cases = GenerableCases<Encounter> {
///     GenerableCase("orderCoffee", .field("_0", String.self))
///     GenerableCase("complain", .field("about", String.self, description: "What went wrong"))
///     GenerableCase("justBrowsing")
///   }
/// }
/// ```
public protocol GenerableEnum: Generable, Decodable {
  /// The cases, in declaration order.
  static var cases: GenerableCases<Self> { get }
}

extension GenerableEnum {
  /// A choice of one object per case.
  public static var generationSchema: GenerationSchema { cases.schema }

  /// Decodes the case with the compiler-written `Decodable` initializer.
  /// - Throws: ``GeneratedContentError`` when the content names no case or a payload is wrong.
  public init(_ content: GeneratedContent) throws {
    guard case .structure(let properties, _) = content.kind, properties.count == 1, let name = properties.keys.first,
      Self.cases.names.contains(name)
    else {
      throw GeneratedContentError.invalidValue(
        path: "", reason: "expected one of the cases \(Self.cases.names.joined(separator: ", ")) as the only property.")
    }
    self = try GeneratedContentDecoder.decode(Self.self, from: content)
  }

  /// The case as an object with one property, its name, holding its payload's fields.
  public var generatedContent: GeneratedContent { Self.cases.content(of: self) }
}

/// The ordered case list of a ``GenerableEnum``.
public struct GenerableCases<Root>: Sendable {
  /// The schema the list describes: one object per case.
  public let schema: GenerationSchema
  let cases: [GenerableCase]
  var names: [String] { cases.map(\.name) }

  /// Creates a case list.
  ///
  /// - Parameters:
  ///   - name: The enum's name in the schema; defaults to the type's name.
  ///   - description: What the enum is, shown to the model.
  ///   - build: The cases, in declaration order.
  public init(name: String? = nil, description: String? = nil, @GenerableCasesBuilder _ build: () -> [GenerableCase]) {
    cases = build()
    let typeName = name ?? String(describing: Root.self)
    var definitions: [GenerationSchema.Definition] = []
    let choices = cases.map { item -> GenerationSchema.Node in
      let fields = item.fields.map { field -> GenerationSchema.Property in
        for definition in field.schema.definitions where !definitions.contains(definition) { definitions.append(definition) }
        return .init(name: field.label, description: field.description, node: field.schema.root)
      }
      let payload = GenerationSchema.Node.object(name: "\(typeName).\(item.name)", properties: fields)
      return .object(
        name: "\(typeName).\(item.name)Case", description: description,
        properties: [.init(name: item.name, node: payload)])
    }
    schema = GenerationSchema(root: choices.count == 1 ? choices[0] : .anyOf(choices), definitions: definitions)
  }

  /// The content of `value`: the case's name holding its payload's fields, found by reflection.
  func content(of value: Root) -> GeneratedContent {
    let mirror = Mirror(reflecting: value)
    guard let child = mirror.children.first, let name = child.label,
      let item = cases.first(where: { $0.name == name })
    else {
      let name = String(describing: value)
      let empty = GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))
      return GeneratedContent(kind: .structure(properties: [name: empty], orderedKeys: [name]))
    }
    let values: [Any] =
      item.fields.count == 1 ? [child.value] : Mirror(reflecting: child.value).children.map(\.value)
    var properties: [String: GeneratedContent] = [:]
    for (field, payload) in zip(item.fields, values) {
      properties[field.label] = (payload as? any ConvertibleToGeneratedContent)?.generatedContent ?? GeneratedContent.null
    }
    let payload = GeneratedContent(kind: .structure(properties: properties, orderedKeys: item.fields.map(\.label)))
    return GeneratedContent(kind: .structure(properties: [name: payload], orderedKeys: [name]))
  }
}

/// One case of a ``GenerableEnum``: its name and its payload's fields.
public struct GenerableCase: Sendable {
  /// The case's name, as declared.
  public let name: String
  /// The payload's fields, in order.
  public let fields: [Field]

  /// Creates a case.
  public init(_ name: String, _ fields: Field...) {
    self.name = name
    self.fields = fields
  }

  /// One field of a case's payload.
  public struct Field: Sendable {
    let label: String
    let schema: GenerationSchema
    let description: String?

    /// A field named `label` (`_0`, `_1`, … for unlabelled payloads) of a generable type.
    public static func field<Value: Generable>(_ label: String, _ type: Value.Type, description: String? = nil) -> Field {
      Field(label: label, schema: Value.generationSchema, description: description)
    }
  }
}

/// Builds the case list of a ``GenerableEnum``.
@resultBuilder
public enum GenerableCasesBuilder {
  /// Collects the listed cases.
  public static func buildBlock(_ cases: GenerableCase...) -> [GenerableCase] { cases }
}
