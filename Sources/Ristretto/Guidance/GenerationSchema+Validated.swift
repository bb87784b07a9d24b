/// Whether a schema can be enforced: every reference resolves, every bound is consistent, and
/// every pattern is in the subset the automaton compiles (``StringPattern``).
extension GenerationSchema {
  /// Checks that every reference resolves, every bound is consistent and every pattern is in
  /// the supported subset.
  ///
  /// - Throws: ``SchemaError`` naming the path of the first problem.
  @discardableResult
  public func validated() throws(SchemaError) -> GenerationSchema {
    if let guideError { throw guideError }
    var seen = Set<String>()
    for definition in definitions {
      guard seen.insert(definition.name).inserted else { throw .duplicateDefinition(definition.name) }
    }
    try check(root, path: "")
    for definition in definitions { try check(definition.node, path: "$defs.\(definition.name)") }
    try checkNoBareCycles()
    try checkFinite()
    return self
  }

  /// Refuses a schema with no finite value: a definition that, however it is written, requires
  /// itself again (`A = {next: A}` with `next` required). The least fixed point of "can be
  /// finished" over the definitions; every definition must be finishable.
  private func checkFinite() throws(SchemaError) {
    var finishable = Set<String>()
    func canFinish(_ node: Node) -> Bool {
      switch node {
      case .any, .null, .boolean, .integer, .number, .string, .stringEnum: true
      case .array(let element, let minimum, _): (minimum ?? 0) == 0 || canFinish(element)
      case .object(_, _, let properties): properties.allSatisfy { $0.isOptional || canFinish($0.node) }
      case .anyOf(let choices): choices.contains(where: canFinish)
      case .reference(let name): finishable.contains(name)
      }
    }
    var changed = true
    while changed {
      changed = false
      for definition in definitions where !finishable.contains(definition.name) && canFinish(definition.node) {
        finishable.insert(definition.name)
        changed = true
      }
    }
    // The root can only be stuck through a stuck definition.
    if let stuck = definitions.first(where: { !finishable.contains($0.name) }) {
      throw .circularReference(path: "$defs.\(stuck.name)", name: stuck.name)
    }
  }

  /// Refuses a definition that reaches itself through references and `anyOf` alone, with no
  /// array or object in between (`A = {$ref: A}`, `A = anyOf[A, integer]`): such a value can
  /// never start, and following it would never end.
  private func checkNoBareCycles() throws(SchemaError) {
    func bareReferences(_ node: Node) -> [String] {
      switch node {
      case .reference(let name): [name]
      case .anyOf(let choices): choices.flatMap(bareReferences)
      default: []
      }
    }
    let edges = Dictionary(definitions.map { ($0.name, bareReferences($0.node)) }, uniquingKeysWith: { first, _ in first })
    var finished = Set<String>()
    for definition in definitions where !finished.contains(definition.name) {
      // An iterative depth-first search: a name met again while still on the path closes a cycle.
      var path: [(name: String, next: Int)] = [(definition.name, 0)]
      var onPath: Set<String> = [definition.name]
      while let top = path.last {
        let targets = edges[top.name] ?? []
        guard top.next < targets.count else {
          finished.insert(top.name)
          onPath.remove(top.name)
          path.removeLast()
          continue
        }
        path[path.count - 1].next += 1
        let target = targets[top.next]
        if onPath.contains(target) { throw .circularReference(path: "$defs.\(top.name)", name: target) }
        if !finished.contains(target), edges[target] != nil {
          path.append((target, 0))
          onPath.insert(target)
        }
      }
    }
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
          _ = try StringPattern.cached(pattern)
        } catch {
          throw .unsupportedGuide(path: path, reason: error.reason)
        }
      }
    case .stringEnum(let values):
      if values.isEmpty { throw .emptyRange(path: path) }
    case .array(let element, let minimum, let maximum):
      if let minimum, minimum < 0 { throw .emptyRange(path: path) }
      if let minimum, let maximum, minimum > maximum { throw .emptyRange(path: path) }
      if let minimum, minimum > Int(Int32.max) {
        throw .unsupportedGuide(path: path, reason: "an array of at least \(minimum) elements cannot be generated.")
      }
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
