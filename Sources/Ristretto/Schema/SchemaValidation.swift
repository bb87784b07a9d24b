import Foundation

/// Content that does not satisfy a schema, with the path of the offending value.
public struct SchemaViolation: Error, Sendable, Equatable, LocalizedError {
  /// Where the problem is, e.g. `arguments.limit` or `origins[2]`.
  public var path: String
  /// What is wrong, e.g. `7 is outside 1...5`.
  public var reason: String

  /// `path: reason`.
  public var errorDescription: String? { path.isEmpty ? reason : "\(path): \(reason)" }
}

/// Checks content that did not come through the guidance automaton against a schema.
///
/// Use it for values from outside a guided backend (a fixture, a restored transcript, a rule).
/// - Parameters:
///   - content: The value to check.
///   - schema: The schema it must satisfy.
///   - root: The name the path starts with, such as `arguments`.
/// - Throws: ``SchemaViolation`` naming the first offending path, e.g.
///   `arguments.limit: 7 is outside 1...5`.
public func validate(_ content: GeneratedContent, against schema: GenerationSchema, root: String = "") throws(SchemaViolation) {
  var validator = SchemaValidator(schema: schema, budget: 100_000 + 64 * SchemaValidator.size(of: content))
  try validator.check(content, schema.root, path: root)
}

private struct SchemaValidator {
  let schema: GenerationSchema
  var depth = 0
  /// Checks left: `anyOf` alternatives that match alike at every level would otherwise be tried
  /// in every combination (2^depth), so a check costs at most this many steps.
  var budget: Int

  /// The number of values in `content`, nested ones included.
  static func size(of content: GeneratedContent) -> Int {
    switch content.kind {
    case .array(let elements): 1 + elements.reduce(0) { $0 + size(of: $1) }
    case .structure(let properties, _): 1 + properties.values.reduce(0) { $0 + size(of: $1) }
    default: 1
    }
  }

  mutating func check(_ content: GeneratedContent, _ node: GenerationSchema.Node, path: String) throws(SchemaViolation) {
    func fail(_ reason: String) -> SchemaViolation { SchemaViolation(path: path, reason: reason) }
    budget -= 1
    guard budget >= 0 else { throw fail("the schema's alternatives are too ambiguous to check this value in bounded time") }
    switch (node, content.kind) {
    case (.any, _), (.null, .null), (.boolean, .bool): return
    case (.integer(let minimum, let maximum), .number(let value)):
      guard value == value.rounded() else { throw fail("\(GeneratedContent.formatNumber(value)) is not an integer") }
      try bounds(value, minimum.map(Double.init), maximum.map(Double.init), path: path)
    case (.number(let minimum, let maximum), .number(let value)):
      try bounds(value, minimum, maximum, path: path)
    case (.string(let pattern), .string(let text)):
      if let pattern, let compiled = try? StringPattern(pattern), !compiled.matches(text) {
        throw fail("\(GeneratedContent.quoted(text)) does not match /\(pattern)/")
      }
    case (.stringEnum(let values), .string(let text)):
      guard values.contains(text) else {
        throw fail(
          "\(GeneratedContent.quoted(text)) is not one of \(values.map(GeneratedContent.quoted).joined(separator: ", "))")
      }
    case (.array(let element, let minimum, let maximum), .array(let elements)):
      if let minimum, elements.count < minimum { throw fail("has \(elements.count) elements, fewer than \(minimum)") }
      if let maximum, elements.count > maximum { throw fail("has \(elements.count) elements, more than \(maximum)") }
      for (offset, item) in elements.enumerated() { try check(item, element, path: "\(path)[\(offset)]") }
    case (.object(_, _, let properties), .structure(let values, let keys)):
      for key in keys where !properties.contains(where: { $0.name == key }) {
        throw fail("unexpected property '\(key)'")
      }
      for property in properties {
        let childPath = path.isEmpty ? property.name : "\(path).\(property.name)"
        guard let value = values[property.name] else {
          if property.isOptional { continue }
          throw SchemaViolation(path: childPath, reason: "is required but missing")
        }
        if property.isOptional, value.kind == .null { continue }
        try check(value, property.node, path: childPath)
      }
    case (.anyOf(let choices), _):
      var first: SchemaViolation?
      for choice in choices {
        do {
          try check(content, choice, path: path)
          return
        } catch {
          first = first ?? error
        }
      }
      throw first ?? fail("matches none of the alternatives")
    case (.reference(let name), _):
      guard let target = schema.definition(named: name) else { throw fail("refers to undefined schema '\(name)'") }
      depth += 1
      defer { depth -= 1 }
      guard depth < 256 else { throw fail("nesting is too deep") }
      try check(content, target, path: path)
    default:
      throw fail("expected \(Self.expected(node)), found \(content.kindName)")
    }
  }

  private func bounds(_ value: Double, _ minimum: Double?, _ maximum: Double?, path: String) throws(SchemaViolation) {
    let inside = (minimum.map { value >= $0 } ?? true) && (maximum.map { value <= $0 } ?? true)
    guard !inside else { return }
    let text = GeneratedContent.formatNumber(value)
    let range: String
    switch (minimum, maximum) {
    case (let low?, let high?): range = "\(GeneratedContent.formatNumber(low))...\(GeneratedContent.formatNumber(high))"
    case (let low?, nil): range = "\(GeneratedContent.formatNumber(low))..."
    case (nil, let high?): range = "...\(GeneratedContent.formatNumber(high))"
    case (nil, nil): range = "any"
    }
    throw SchemaViolation(path: path, reason: "\(text) is outside \(range)")
  }

  private static func expected(_ node: GenerationSchema.Node) -> String {
    switch node {
    case .any: "any value"
    case .null: "null"
    case .boolean: "boolean"
    case .integer: "integer"
    case .number: "number"
    case .string, .stringEnum: "string"
    case .array: "array"
    case .object: "object"
    case .anyOf: "one of several types"
    case .reference(let name): name
    }
  }
}
