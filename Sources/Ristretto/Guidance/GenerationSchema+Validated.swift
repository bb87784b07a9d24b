/// Whether a schema can be enforced: every reference resolves, every bound is consistent, and
/// every pattern is in the subset the automaton compiles (``StringPattern``).
extension GenerationSchema {
  /// Checks that every reference resolves, every bound is consistent and every pattern is in
  /// the supported subset.
  ///
  /// - Throws: ``SchemaError`` naming the path of the first problem.
  @discardableResult
  public func validated() throws(SchemaError) -> GenerationSchema {
    var seen = Set<String>()
    for definition in definitions {
      guard seen.insert(definition.name).inserted else { throw .duplicateDefinition(definition.name) }
    }
    try check(root, path: "")
    for definition in definitions { try check(definition.node, path: "$defs.\(definition.name)") }
    return self
  }

  private func check(_ node: Node, path: String) throws(SchemaError) {
    switch node {
    case .any, .null, .boolean: return
    case .integer(let minimum, let maximum):
      if let minimum, let maximum, minimum > maximum { throw .emptyRange(path: path) }
    case .number(let minimum, let maximum):
      if let minimum, let maximum, minimum > maximum { throw .emptyRange(path: path) }
    case .string(let pattern):
      if let pattern {
        do {
          _ = try StringPattern(pattern)
        } catch {
          throw .unsupportedGuide(path: path, reason: error.reason)
        }
      }
    case .stringEnum(let values):
      if values.isEmpty { throw .emptyRange(path: path) }
    case .array(let element, let minimum, let maximum):
      if let minimum, minimum < 0 { throw .emptyRange(path: path) }
      if let minimum, let maximum, minimum > maximum { throw .emptyRange(path: path) }
      try check(element, path: path + "[]")
    case .object(_, _, let properties):
      var names = Set<String>()
      for property in properties {
        guard names.insert(property.name).inserted else {
          throw .duplicateProperty(path: path, name: property.name)
        }
        try check(property.node, path: path.isEmpty ? property.name : "\(path).\(property.name)")
      }
    case .anyOf(let choices):
      if choices.isEmpty { throw .emptyRange(path: path) }
      for choice in choices { try check(choice, path: path) }
    case .reference(let name):
      if definition(named: name) == nil { throw .undefinedReference(path: path, name: name) }
    }
  }
}
