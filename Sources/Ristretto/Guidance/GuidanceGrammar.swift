import Foundation

/// A schema compiled for guided generation: the tables the ``GuidanceState`` machine runs on.
///
/// Compile once per schema and share it; it is immutable (``cached(schema:)`` keeps the grammars
/// already compiled). Values are generated as compact JSON:
/// no whitespace, object properties in schema order, optional properties either absent or `null`,
/// numbers without exponents.
///
/// ```swift
/// let grammar = try GuidanceGrammar(schema: BeanQuery.generationSchema)
/// var state = grammar.initialState
/// state = state.advanced(by: #"{"limit":"#)!
/// state.advanced(by: "6") // nil: 6 is outside 1...5
/// ```
public final class GuidanceGrammar: Sendable {
  enum Node: Sendable {
    case any
    case literal(Int32)
    case integer(minimum: Int64?, maximum: Int64?)
    case number(minimum: Double?, maximum: Double?)
    case string(pattern: Int32)
    case array(element: Int32, minimum: Int32, maximum: Int32)
    case object(keySets: [Int32], properties: [Int32])
    case anyOf([Int32])
  }

  /// Sorted byte strings; a literal frame narrows a range of them as bytes arrive.
  struct LiteralSet: Sendable {
    var candidates: [[UInt8]]
    var outcomes: [Int32]
  }

  let nodes: [Node]
  let literals: [LiteralSet]
  let patterns: [ByteDFA]
  /// The bytes a value of each node can start with.
  let startBytes: [ByteSet]
  let root: Int32
  /// The schema this grammar was compiled from.
  public let schema: GenerationSchema
  /// The schema's structure: grammars with equal keys have equal tables, and their states
  /// compare equal.
  public let key: Key

  /// Literal-set indices shared by every grammar.
  static let nullSet: Int32 = 0
  static let boolSet: Int32 = 1

  /// Compiles `schema`.
  /// - Throws: ``SchemaError`` when the schema is invalid or uses a guide that cannot be enforced.
  public init(schema: GenerationSchema) throws(SchemaError) {
    try schema.validated()
    var compiler = GrammarCompiler(schema: schema)
    let root = try compiler.compile(schema.root, path: "")
    try compiler.resolveReferences()
    self.nodes = compiler.nodes
    self.literals = compiler.literals
    self.patterns = compiler.patterns
    self.startBytes = compiler.startBytes()
    self.root = root
    self.schema = schema
    self.key = Key(schema: schema)
  }

  /// Compiles `schema`, or returns the grammar compiled before from a schema with the same
  /// ``Key``, from ``GuidanceGrammarCache/shared``.
  /// - Throws: ``SchemaError`` when the schema is invalid or uses a guide that cannot be enforced.
  public static func cached(schema: GenerationSchema) throws(SchemaError) -> GuidanceGrammar {
    try GuidanceGrammarCache.shared.grammar(for: schema)
  }

  /// The memory the grammar's tables take, in bytes (an estimate: array contents, not headers).
  public var byteCount: Int {
    var total = nodes.count * (MemoryLayout<Node>.stride + MemoryLayout<ByteSet>.stride) + key.description.utf8.count
    for literal in literals {
      total += literal.outcomes.count * MemoryLayout<Int32>.stride
      for candidate in literal.candidates { total += candidate.count + 32 }
    }
    for pattern in patterns { total += pattern.byteCount }
    return total
  }

  /// The state before any byte has been generated.
  public var initialState: GuidanceState {
    GuidanceState(grammar: self, threads: [[.value(root)]])
  }
}

/// Builds the grammar tables from schema nodes.
struct GrammarCompiler {
  let schema: GenerationSchema
  var nodes: [GuidanceGrammar.Node] = []
  var literals: [GuidanceGrammar.LiteralSet] = [
    .init(candidates: [Array("null".utf8)], outcomes: [0]),
    .init(candidates: [Array("false".utf8), Array("true".utf8)], outcomes: [0, 0]),
  ]
  var patterns: [ByteDFA] = []
  var definitionIndex: [String: Int32] = [:]
  var pendingReferences: [(node: Int32, name: String)] = []

  init(schema: GenerationSchema) { self.schema = schema }

  private mutating func add(_ node: GuidanceGrammar.Node) -> Int32 {
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  mutating func literalSet(_ entries: [([UInt8], Int32)]) -> Int32 {
    var unique: [[UInt8]: Int32] = [:]
    for (bytes, outcome) in entries where unique[bytes] == nil { unique[bytes] = outcome }
    let sorted = unique.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    literals.append(.init(candidates: sorted.map(\.key), outcomes: sorted.map(\.value)))
    return Int32(literals.count - 1)
  }

  mutating func compile(_ node: GenerationSchema.Node, path: String) throws(SchemaError) -> Int32 {
    switch node {
    case .any: return add(.any)
    case .null: return add(.literal(GuidanceGrammar.nullSet))
    case .boolean: return add(.literal(GuidanceGrammar.boolSet))
    case .integer(let minimum, let maximum):
      return add(.integer(minimum: minimum.map(Int64.init), maximum: maximum.map(Int64.init)))
    case .number(let minimum, let maximum): return add(.number(minimum: minimum, maximum: maximum))
    case .string(let pattern):
      guard let pattern else { return add(.string(pattern: -1)) }
      do {
        patterns.append(try StringPattern(pattern).automaton)
      } catch {
        throw .unsupportedGuide(path: path, reason: error.reason)
      }
      return add(.string(pattern: Int32(patterns.count - 1)))
    case .stringEnum(let values):
      let set = literalSet(values.map { (Array(GeneratedContent.quoted($0).utf8), 0) })
      return add(.literal(set))
    case .array(let element, let minimum, let maximum):
      let elementIndex = try compile(element, path: path + "[]")
      return add(
        .array(
          element: elementIndex, minimum: Int32(minimum ?? 0), maximum: Int32(min(maximum ?? Int(Int32.max), Int(Int32.max)))))
    case .object(_, _, let properties):
      var propertyNodes: [Int32] = []
      for property in properties {
        let childPath = path.isEmpty ? property.name : "\(path).\(property.name)"
        let child = try compile(property.node, path: childPath)
        propertyNodes.append(property.isOptional ? add(.anyOf([child, add(.literal(GuidanceGrammar.nullSet))])) : child)
      }
      var keySets: [Int32] = []
      for position in 0...properties.count {
        var entries: [([UInt8], Int32)] = []
        let separator = position == 0 ? "" : ","
        for index in position..<properties.count {
          entries.append((Array((separator + GeneratedContent.quoted(properties[index].name) + ":").utf8), Int32(index)))
          if !properties[index].isOptional { break }
        }
        if properties[position...].allSatisfy(\.isOptional) { entries.append((Array("}".utf8), -1)) }
        keySets.append(literalSet(entries))
      }
      return add(.object(keySets: keySets, properties: propertyNodes))
    case .anyOf(let choices):
      var indices: [Int32] = []
      for choice in choices { indices.append(try compile(choice, path: path)) }
      return add(.anyOf(indices))
    case .reference(let name):
      let placeholder = add(.anyOf([]))
      pendingReferences.append((placeholder, name))
      if definitionIndex[name] == nil {
        definitionIndex[name] = -1
        guard let target = schema.definition(named: name) else { throw .undefinedReference(path: path, name: name) }
        definitionIndex[name] = try compile(target, path: "$defs.\(name)")
      }
      return placeholder
    }
  }

  /// The bytes a value of each node can start with: the least fixed point of the rules, since
  /// `anyOf` nodes (references among them) may form cycles.
  func startBytes() -> [ByteSet] {
    var sets = nodes.map { node -> ByteSet in
      switch node {
      case .any: ByteSet(Array("{[\"tfn-".utf8)).union(.digits)
      case .literal(let set): ByteSet(literals[Int(set)].candidates.compactMap(\.first))
      case .integer, .number: ByteSet([UInt8(ascii: "-")]).union(.digits)
      case .string: ByteSet([UInt8(ascii: "\"")])
      case .array: ByteSet([UInt8(ascii: "[")])
      case .object: ByteSet([UInt8(ascii: "{")])
      case .anyOf: ByteSet()
      }
    }
    var changed = true
    while changed {
      changed = false
      for (index, node) in nodes.enumerated() {
        guard case .anyOf(let choices) = node else { continue }
        var union = sets[index]
        for choice in choices { union.formUnion(sets[Int(choice)]) }
        if union != sets[index] {
          sets[index] = union
          changed = true
        }
      }
    }
    return sets
  }

  /// Points every reference placeholder at its compiled definition.
  mutating func resolveReferences() throws(SchemaError) {
    for (node, name) in pendingReferences {
      guard let target = definitionIndex[name], target >= 0 else { throw .undefinedReference(path: "", name: name) }
      nodes[Int(node)] = .anyOf([target])
    }
  }
}
