import Ristretto

/// Writes a proposed value through the guidance automaton, steering it into the schema while it
/// is generated: an out-of-range number becomes the nearest bound, an unknown enum case the
/// closest case, a missing required property its nearest valid value — never a rejection after
/// the fact.
struct SchemaSteering {
  private let schema: GenerationSchema
  private var state: GuidanceState
  private(set) var text = ""
  /// Values written so far, shared by the trials of `anyOf` alternatives: a recursive schema
  /// whose alternatives all recurse would otherwise try them without end.
  private let budget = Budget()
  /// How deep a value may nest before the steering gives up (the result is then incomplete, a
  /// typed error).
  static let maximumDepth = 64

  private final class Budget {
    var remaining = 20_000
  }

  /// Steers `proposal` into `schema`; returns the content and its JSON text.
  static func steer(_ proposal: GeneratedContent, into schema: GenerationSchema) throws -> (GeneratedContent, String) {
    let grammar = try GuidanceGrammar.cached(schema: schema)
    var steering = SchemaSteering(schema: schema, state: grammar.initialState)
    steering.write(schema.root, proposal, depth: 0)
    guard steering.state.isComplete else {
      // A schema the steering cannot complete (a pattern longer than it writes, say) is an
      // error the session reports, never a crash.
      throw GenerationError.decodingFailure(
        "the rule-based model could not write a complete value for this schema (got \(steering.text.prefix(80)))")
    }
    return (try GeneratedContent(json: steering.text), steering.text)
  }

  private init(schema: GenerationSchema, state: GuidanceState) {
    self.schema = schema
    self.state = state
  }

  /// Appends `piece` if the automaton allows it.
  private mutating func tryAppend(_ piece: String) -> Bool {
    guard let next = state.advanced(by: piece) else { return false }
    state = next
    text += piece
    return true
  }

  private mutating func write(_ node: GenerationSchema.Node, _ proposal: GeneratedContent?, depth: Int) {
    guard depth < Self.maximumDepth, budget.remaining > 0 else { return }
    budget.remaining -= 1
    switch node {
    case .any, .null:
      if !tryAppend(proposal?.jsonString ?? "null") { _ = tryAppend("null") }
    case .boolean:
      if case .bool(let value)? = proposal?.kind, tryAppend(value ? "true" : "false") { return }
      _ = tryAppend("false")
    case .integer(let minimum, let maximum):
      var value = 0
      // Saturating: a proposal beyond Int (1e300) becomes the nearest Int, never a trap.
      if case .number(let number)? = proposal?.kind, !number.isNaN {
        value = number >= 9.2e18 ? Int.max : number <= -9.2e18 ? Int.min : Int(number.rounded())
      }
      value = min(max(value, minimum ?? Int.min), maximum ?? Int.max)
      _ = tryAppend(String(value))
    case .number(let minimum, let maximum):
      var value = 0.0
      if case .number(let number)? = proposal?.kind { value = number }
      value = min(max(value, minimum ?? -.infinity), maximum ?? .infinity)
      _ = tryAppend(GeneratedContent.formatNumber(value))
    case .stringEnum(let values):
      var wanted = ""
      if case .string(let text)? = proposal?.kind { wanted = text }
      let choice = values.contains(wanted) ? wanted : Self.closest(to: wanted, in: values)
      _ = tryAppend(GeneratedContent.quoted(choice))
    case .string(let pattern):
      var wanted = ""
      if case .string(let text)? = proposal?.kind { wanted = text }
      if tryAppend(GeneratedContent.quoted(wanted)) { return }
      _ = pattern
      writeMinimalString()
    case .array(let element, let minimum, let maximum):
      var items: [GeneratedContent] = []
      if case .array(let elements)? = proposal?.kind { items = elements }
      if let maximum { items = Array(items.prefix(maximum)) }
      let count = max(items.count, minimum ?? 0)
      _ = tryAppend("[")
      for index in 0..<count {
        guard budget.remaining > 0 else { break }
        if index > 0 { _ = tryAppend(",") }
        write(element, index < items.count ? items[index] : nil, depth: depth + 1)
      }
      _ = tryAppend("]")
    case .object(_, _, let properties):
      var values: [String: GeneratedContent] = [:]
      if case .structure(let given, _)? = proposal?.kind { values = given }
      _ = tryAppend("{")
      var first = true
      for property in properties {
        let value = values[property.name]
        if property.isOptional, value == nil || value?.kind == .null { continue }
        _ = tryAppend((first ? "" : ",") + GeneratedContent.quoted(property.name) + ":")
        first = false
        write(property.node, value, depth: depth + 1)
      }
      _ = tryAppend("}")
    case .anyOf(let choices):
      // Try every alternative the proposal could fit; keep an exact match, else the nearest.
      var best: (distance: Double, steering: SchemaSteering)?
      for choice in choices where Self.fits(proposal, choice) {
        var trial = self
        let start = trial.text.endIndex
        trial.write(choice, proposal, depth: depth + 1)
        guard trial.text.endIndex > start else { continue }
        let written = try? GeneratedContent(json: String(trial.text[start...]))
        let distance = Self.distance(written, proposal)
        if best == nil || distance < best!.distance { best = (distance, trial) }
        if distance == 0 { break }
      }
      if let best {
        self = best.steering
      } else if let first = choices.first {
        write(first, nil, depth: depth + 1)
      }
    case .reference(let name):
      if let target = schema.definition(named: name) { write(target, proposal, depth: depth + 1) }
    }
  }

  /// Completes a pattern string byte by byte with the smallest allowed byte.
  private mutating func writeMinimalString() {
    var bytes: [UInt8] = []
    guard let opened = state.advanced(by: "\"") else { return }
    var current = opened
    bytes.append(UInt8(ascii: "\""))
    for _ in 0..<256 {
      if let closed = current.advanced(by: UInt8(ascii: "\"")) {
        bytes.append(UInt8(ascii: "\""))
        current = closed
        break
      }
      guard let byte = current.allowedBytes.first, let next = current.advanced(by: byte) else { return }
      bytes.append(byte)
      current = next
    }
    state = current
    text += String(decoding: bytes, as: UTF8.self)
  }

  /// How far a steered value is from the proposal (0 when equal).
  private static func distance(_ written: GeneratedContent?, _ proposal: GeneratedContent?) -> Double {
    guard let written, let proposal else { return proposal == nil ? 0 : 1 }
    if written == proposal { return 0 }
    switch (written.kind, proposal.kind) {
    case (.number(let a), .number(let b)): return 1 + abs(a - b)
    case (.string(let a), .string(let b)): return 1 + Double(distance(Array(a), Array(b)))
    default: return 1_000
    }
  }

  private static func fits(_ proposal: GeneratedContent?, _ node: GenerationSchema.Node) -> Bool {
    switch (proposal?.kind, node) {
    case (nil, _), (.null?, .null): true
    case (.bool?, .boolean), (.number?, .integer), (.number?, .number), (.string?, .string), (.string?, .stringEnum),
      (.array?, .array), (.structure?, .object), (_, .any), (_, .reference), (_, .anyOf):
      true
    default: false
    }
  }

  /// The value of `values` nearest to `wanted` (shared prefix first, then edit distance, then order).
  static func closest(to wanted: String, in values: [String]) -> String {
    guard !wanted.isEmpty else { return values[0] }
    let target = Array(wanted.lowercased())
    return values.min { lhs, rhs in
      let left = (prefix(target, Array(lhs.lowercased())), -distance(target, Array(lhs.lowercased())))
      let right = (prefix(target, Array(rhs.lowercased())), -distance(target, Array(rhs.lowercased())))
      return left > right
    } ?? values[0]
  }

  private static func prefix(_ a: [Character], _ b: [Character]) -> Int { zip(a, b).prefix { $0 == $1 }.count }

  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    Utterance.editDistance(a, b, limit: max(a.count, b.count))
  }
}
