import Foundation

extension GenerationSchema {
  /// The schema as JSON Schema in the dialect Apple's framework writes: `title`, `type`,
  /// `properties`, `required`, `x-order`, `additionalProperties: false`, `$defs` and `$ref`.
  public var jsonSchema: GeneratedContent {
    var root = Self.export(root, description: nil)
    if let title, case .structure(var values, var keys) = root.kind, values["title"] == nil {
      values["title"] = GeneratedContent(kind: .string(title))
      keys.insert("title", at: 0)
      root = GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
    }
    guard !definitions.isEmpty, case .structure(var values, var keys) = root.kind else { return root }
    var defs: [String: GeneratedContent] = [:]
    for definition in definitions { defs[definition.name] = Self.export(definition.node, description: nil) }
    values["$defs"] = GeneratedContent(kind: .structure(properties: defs, orderedKeys: definitions.map(\.name)))
    keys.append("$defs")
    return GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
  }

  /// The JSON Schema as compact JSON text.
  public var jsonSchemaString: String { jsonSchema.jsonString }

  private static func export(_ node: Node, description: String?) -> GeneratedContent {
    var fields: [(String, GeneratedContent)] = []
    func add(_ key: String, _ value: some ConvertibleToGeneratedContent) { fields.append((key, value.generatedContent)) }
    switch node {
    case .any: break
    case .null: add("type", "null")
    case .boolean: add("type", "boolean")
    case .integer(let minimum, let maximum):
      add("type", "integer")
      if let minimum { add("minimum", minimum) }
      if let maximum { add("maximum", maximum) }
    case .number(let minimum, let maximum):
      add("type", "number")
      if let minimum { add("minimum", minimum) }
      if let maximum { add("maximum", maximum) }
    case .string(let pattern):
      add("type", "string")
      if let pattern { add("pattern", Self.anchored(pattern)) }
    case .stringEnum(let values):
      add("type", "string")
      add("enum", values)
    case .array(let element, let minimum, let maximum):
      add("type", "array")
      fields.append(("items", export(element, description: nil)))
      if let minimum { add("minItems", minimum) }
      if let maximum { add("maxItems", maximum) }
    case .object(let name, let objectDescription, let properties):
      add("title", name)
      if let objectDescription { add("description", objectDescription) }
      add("type", "object")
      var values: [String: GeneratedContent] = [:]
      for property in properties { values[property.name] = export(property.node, description: property.description) }
      fields.append(("properties", GeneratedContent(kind: .structure(properties: values, orderedKeys: properties.map(\.name)))))
      add("required", properties.filter { !$0.isOptional }.map(\.name))
      add("x-order", properties.map(\.name))
      add("additionalProperties", false)
    case .anyOf(let choices):
      fields.append(("anyOf", GeneratedContent(kind: .array(choices.map { export($0, description: nil) }))))
    case .reference(let name):
      add("$ref", "#/$defs/\(name)")
    }
    if let description { fields.insert(("description", description.generatedContent), at: 0) }
    var values: [String: GeneratedContent] = [:]
    for (key, value) in fields { values[key] = value }
    return GeneratedContent(kind: .structure(properties: values, orderedKeys: fields.map(\.0)))
  }

  /// Reads a schema from JSON Schema text in the dialect ``jsonSchema`` writes.
  ///
  /// - Throws: ``SchemaError/unsupportedGuide(path:reason:)`` for a keyword the guidance automaton
  ///   cannot enforce (`format`, `multipleOf`, `uniqueItems`, …), and ``SchemaError`` for malformed input.
  public init(jsonSchema text: String) throws(SchemaError) {
    let content: GeneratedContent
    do {
      content = try GeneratedContent(json: text)
    } catch {
      throw .invalidSchemaJSON(reason: error.localizedDescription)
    }
    try self.init(jsonSchema: content)
  }

  /// Reads a schema from parsed JSON Schema.
  public init(jsonSchema content: GeneratedContent) throws(SchemaError) {
    let reader = JSONSchemaReader()
    let root = try reader.node(content, path: "", isRoot: true)
    var definitions: [Definition] = []
    if case .structure(let values, _) = content.kind, let defs = values["$defs"] {
      guard case .structure(let entries, let names) = defs.kind else {
        throw .invalidSchemaJSON(reason: "$defs must be an object")
      }
      for name in names {
        // Content built in code may list a key it has no value for; parsed JSON never does.
        guard let entry = entries[name] else { throw .invalidSchemaJSON(reason: "$defs lists '\(name)' without a schema") }
        definitions.append(Definition(name: name, node: try reader.node(entry, path: "$defs.\(name)", isRoot: false)))
      }
    }
    var title: String?
    if case .structure(let values, _) = content.kind, case .string(let text)? = values["title"]?.kind { title = text }
    self.init(root: root, definitions: definitions, title: title)
    try validated()
  }
}

/// Turns JSON Schema objects into schema nodes, refusing keywords it cannot enforce.
private struct JSONSchemaReader {
  static let known: Set<String> = [
    "type", "title", "description", "properties", "required", "x-order", "additionalProperties", "items",
    "minItems", "maxItems", "minimum", "maximum", "pattern", "enum", "const", "anyOf", "$ref", "$defs", "$schema",
  ]

  func node(_ content: GeneratedContent, path: String, isRoot: Bool) throws(SchemaError) -> GenerationSchema.Node {
    guard case .structure(let values, let keys) = content.kind else {
      throw .invalidSchemaJSON(reason: "schema at '\(path)' is not an object")
    }
    for key in keys where !Self.known.contains(key) {
      throw .unsupportedGuide(path: path, reason: "the keyword '\(key)' cannot be enforced during generation.")
    }
    if !isRoot, values["$defs"] != nil { throw .unsupportedGuide(path: path, reason: "nested $defs are not supported.") }
    if case .string(let reference)? = values["$ref"]?.kind {
      let prefix = "#/$defs/"
      guard reference.hasPrefix(prefix) else {
        throw .unsupportedGuide(path: path, reason: "only local references of the form #/$defs/Name are supported.")
      }
      return .reference(String(reference.dropFirst(prefix.count)))
    }
    if let anyOf = values["anyOf"] {
      guard case .array(let choices) = anyOf.kind else { throw .invalidSchemaJSON(reason: "anyOf must be an array") }
      var nodes: [GenerationSchema.Node] = []
      for choice in choices { nodes.append(try node(choice, path: path, isRoot: false)) }
      return .anyOf(nodes)
    }
    if let constant = values["const"] {
      guard case .string(let text) = constant.kind else {
        throw .unsupportedGuide(path: path, reason: "only string constants are supported.")
      }
      return .stringEnum([text])
    }
    if let enumeration = values["enum"] {
      guard case .array(let items) = enumeration.kind else { throw .invalidSchemaJSON(reason: "enum must be an array") }
      var strings: [String] = []
      for item in items {
        guard case .string(let text) = item.kind else {
          throw .unsupportedGuide(path: path, reason: "only string enums are supported.")
        }
        strings.append(text)
      }
      return .stringEnum(strings)
    }
    guard let typeValue = values["type"] else { return .any }
    if case .array(let types) = typeValue.kind {
      var nodes: [GenerationSchema.Node] = []
      for type in types {
        var copy = values
        copy["type"] = type
        nodes.append(try node(GeneratedContent(kind: .structure(properties: copy, orderedKeys: keys)), path: path, isRoot: false))
      }
      return .anyOf(nodes)
    }
    guard case .string(let type) = typeValue.kind else { throw .invalidSchemaJSON(reason: "type must be a string") }
    switch type {
    case "null": return .null
    case "boolean": return .boolean
    case "integer":
      return .integer(minimum: try int(values["minimum"], path), maximum: try int(values["maximum"], path))
    case "number":
      return .number(minimum: try double(values["minimum"], path), maximum: try double(values["maximum"], path))
    case "string":
      if case .string(let pattern)? = values["pattern"]?.kind { return .string(pattern: GenerationSchema.unanchored(pattern)) }
      return .string()
    case "array":
      let items =
        try values["items"].map { (item) throws(SchemaError) in try node(item, path: path + "[]", isRoot: false) } ?? .any
      return .array(items, minimumCount: try int(values["minItems"], path), maximumCount: try int(values["maxItems"], path))
    case "object": return try object(values, path: path)
    default: throw .invalidSchemaJSON(reason: "unknown type '\(type)' at '\(path)'")
    }
  }

  private func object(_ values: [String: GeneratedContent], path: String) throws(SchemaError) -> GenerationSchema.Node {
    if let additional = values["additionalProperties"], additional.kind != .bool(false) {
      throw .unsupportedGuide(path: path, reason: "additionalProperties other than false cannot be enforced.")
    }
    guard
      case .structure(let properties, let declared)? = values["properties"]?.kind ?? .structure(properties: [:], orderedKeys: [])
    else {
      throw .invalidSchemaJSON(reason: "properties must be an object")
    }
    let order = (try? [String](values["x-order"] ?? .null)) ?? declared
    let required = Set((try? [String](values["required"] ?? .null)) ?? [])
    var result: [GenerationSchema.Property] = []
    for name in order {
      guard let schema = properties[name] else { throw .invalidSchemaJSON(reason: "x-order names unknown property '\(name)'") }
      var description: String?
      if case .structure(let fields, _) = schema.kind, case .string(let text)? = fields["description"]?.kind {
        description = text
      }
      let childPath = path.isEmpty ? name : "\(path).\(name)"
      result.append(
        .init(
          name: name, description: description, node: try node(schema, path: childPath, isRoot: false),
          isOptional: !required.contains(name)))
    }
    var title = "Object"
    if case .string(let text)? = values["title"]?.kind { title = text }
    var description: String?
    if case .string(let text)? = values["description"]?.kind { description = text }
    return .object(name: title, description: description, properties: result)
  }

  private func int(_ value: GeneratedContent?, _ path: String) throws(SchemaError) -> Int? {
    guard let value else { return nil }
    guard let number = try? Int(value) else { throw .invalidSchemaJSON(reason: "expected an integer bound at '\(path)'") }
    return number
  }

  private func double(_ value: GeneratedContent?, _ path: String) throws(SchemaError) -> Double? {
    guard let value else { return nil }
    guard let number = try? Double(value) else { throw .invalidSchemaJSON(reason: "expected a number bound at '\(path)'") }
    return number
  }
}

extension GenerationSchema {
  /// A pattern as JSON Schema must spell it to mean what Ristretto means: JSON Schema's
  /// `pattern` matches anywhere in the string, Ristretto's the whole string, so the export is
  /// anchored as `^(?:…)$` (a `^` or `$` already at an end is implied by Ristretto, and dropped).
  static func anchored(_ pattern: String) -> String {
    var body = Substring(pattern)
    if body.hasPrefix("^") { body = body.dropFirst() }
    if body.hasSuffix("$"), !body.dropLast().hasSuffix("\\") { body = body.dropLast() }
    return "^(?:\(body))$"
  }

  /// The pattern an ``anchored(_:)`` export came from, so a schema survives the round trip; any
  /// other pattern as it is.
  static func unanchored(_ pattern: String) -> String {
    guard pattern.hasPrefix("^(?:"), pattern.hasSuffix(")$") else { return pattern }
    let inner = String(pattern.dropFirst(4).dropLast(2))
    guard anchored(inner) == pattern, (try? StringPattern(inner)) != nil else { return pattern }
    return inner
  }
}
