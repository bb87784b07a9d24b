/// How tool definitions (and response schemas) are written into the prompt.
///
/// - ``compact``: one terse line per tool that keeps every fact the model needs — names,
///   descriptions, types, enum cases, ranges, optionality — and drops JSON Schema's syntax:
///   `searchBeans(query words to match; roast? {light medium dark}; limit 1...5 how many) Search the corpus.`
///   A parameter is its name, `?` when optional, its type (nothing for a plain string, `int`,
///   `num`, `bool`, `[…]` for arrays, `{a b c}` for enum cases, `1...5` for a range), then its
///   description.
/// - ``jsonSchema``: the verbose JSON Schema form Apple's framework writes, kept for comparison
///   and for models trained on it.
public enum ToolRenderer: String, Sendable, CaseIterable, Codable {
  /// Terse signature lines (the default).
  case compact
  /// JSON Schema objects.
  case jsonSchema

  /// The text of one tool definition.
  public func render(_ tool: ToolDefinition) -> String {
    switch self {
    case .compact:
      guard tool.includesSchemaInInstructions else { return "\(tool.name): \(tool.description)" }
      return "\(tool.name)(\(Self.compactParameters(tool.parameters))) \(tool.description)"
    case .jsonSchema:
      var fields: [(String, GeneratedContent)] = [
        ("name", GeneratedContent(kind: .string(tool.name))),
        ("description", GeneratedContent(kind: .string(tool.description))),
      ]
      if tool.includesSchemaInInstructions { fields.append(("parameters", tool.parameters.jsonSchema)) }
      var values: [String: GeneratedContent] = [:]
      for (key, value) in fields { values[key] = value }
      return GeneratedContent(kind: .structure(properties: values, orderedKeys: fields.map(\.0))).jsonString
    }
  }

  /// The text of several tool definitions, one per line.
  public func render(_ tools: [ToolDefinition]) -> String {
    tools.map(render).joined(separator: "\n")
  }

  /// The text of a response schema.
  public func render(schema: GenerationSchema) -> String {
    switch self {
    case .compact: Self.compactType(schema.root, schema: schema, depth: 0)
    case .jsonSchema: schema.jsonSchemaString
    }
  }

  private static func compactParameters(_ schema: GenerationSchema) -> String {
    guard case .object(_, _, let properties) = schema.root else { return compactType(schema.root, schema: schema, depth: 0) }
    return compactProperties(properties, schema: schema, depth: 0)
  }

  private static func compactProperties(_ properties: [GenerationSchema.Property], schema: GenerationSchema, depth: Int) -> String
  {
    properties.map { property in
      var text = property.name + (property.isOptional ? "?" : "")
      let type = compactType(property.node, schema: schema, depth: depth + 1)
      if !type.isEmpty { text += " " + type }
      if let description = property.description, !description.isEmpty { text += " " + description }
      return text
    }.joined(separator: "; ")
  }

  static func compactType(_ node: GenerationSchema.Node, schema: GenerationSchema, depth: Int) -> String {
    switch node {
    case .any: return "any"
    case .null: return "null"
    case .boolean: return "bool"
    case .integer(let minimum, let maximum): return bounds("int", minimum.map(String.init), maximum.map(String.init))
    case .number(let minimum, let maximum):
      return bounds("num", minimum.map(GeneratedContent.formatNumber), maximum.map(GeneratedContent.formatNumber))
    case .string(let pattern): return depth > 1 ? "str" : pattern.map { "/\($0)/" } ?? ""
    case .stringEnum(let values): return "{" + values.joined(separator: " ") + "}"
    case .array(let element, let minimum, let maximum):
      var text = "[" + compactType(element, schema: schema, depth: depth + 1) + "]"
      switch (minimum, maximum) {
      case (let low?, let high?) where low == high: text += "×\(low)"
      case (let low?, let high?): text += "×\(low)...\(high)"
      case (let low?, nil) where low > 0: text += "×\(low)+"
      case (_, let high?): text += "×≤\(high)"
      default: break
      }
      return text
    case .object(_, _, let properties):
      return "{" + compactProperties(properties, schema: schema, depth: depth + 1) + "}"
    case .anyOf(let choices) where choices.allSatisfy(\.isSingleInteger):
      return "{" + choices.map { compactType($0, schema: schema, depth: depth) }.joined(separator: " ") + "}"
    case .anyOf(let choices):
      let nonNull = choices.filter { $0 != .null }
      let body = nonNull.map { compactType($0, schema: schema, depth: depth + 1) }.joined(separator: " or ")
      return nonNull.count < choices.count ? body + " or null" : body
    case .reference(let name):
      guard depth < 2, let target = schema.definition(named: name) else { return name }
      return compactType(target, schema: schema, depth: depth + 1)
    }
  }

  private static func bounds(_ type: String, _ minimum: String?, _ maximum: String?) -> String {
    switch (minimum, maximum) {
    case (let low?, let high?) where low == high: low
    case (let low?, let high?): "\(low)...\(high)"
    case (let low?, nil): "\(type)≥\(low)"
    case (nil, let high?): "\(type)≤\(high)"
    case (nil, nil): type
    }
  }
}

extension GenerationSchema.Node {
  /// Whether the node admits exactly one integer (a case of an integer "enum").
  var isSingleInteger: Bool {
    if case .integer(let minimum?, let maximum?) = self { return minimum == maximum }
    return false
  }
}
