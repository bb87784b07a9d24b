import Ristretto
import RistrettoTesting

/// Target `guidance`: the guidance automaton against the schema validator, differentially.
///
/// Input: a schema (``FuzzSchema``), then candidate output bytes. Invariants:
/// - soundness: every complete byte string the automaton accepts is JSON that validates
///   against the schema;
/// - `allowedBytes` holds exactly the bytes the state advances by;
/// - completeness: every valid instance (sampled from the schema, printed compactly in schema
///   order, inside the automaton's documented envelope) is accepted, and complete at its end.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGuidance(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let schema = FuzzSchema.make(&input)
  let seed = UInt64(input.byte()) | UInt64(input.byte()) << 8
  let candidate = input.rest()
  guard let grammar = try? GuidanceGrammar.cached(schema: schema) else { return 0 }
  checkSoundness(grammar, candidate)
  checkCompleteness(grammar, seed: seed)
  return 0
}

private func checkSoundness(_ grammar: GuidanceGrammar, _ candidate: [UInt8]) {
  var state = grammar.initialState
  var lastComplete = state.isComplete ? 0 : -1
  for (offset, byte) in candidate.enumerated() {
    let allowed = state.allowedBytes
    let next = state.advanced(by: byte)
    if (next != nil) != allowed.contains(byte) {
      violated("allowedBytes and advanced(by:) disagree on byte \(byte) after \(Array(candidate[..<offset]))")
    }
    guard let next else { break }
    state = next
    if state.isComplete { lastComplete = offset + 1 }
  }
  guard lastComplete >= 0 else { return }
  let text = String(decoding: candidate[..<lastComplete], as: UTF8.self)
  let content: GeneratedContent
  do {
    content = try GeneratedContent(json: text)
  } catch {
    violated("the automaton accepts \(text.debugDescription), which is not JSON: \(error)")
  }
  do {
    try validate(content, against: grammar.schema)
  } catch {
    violated("the automaton accepts \(text.debugDescription), which breaks the schema: \(error)")
  }
}

private func checkCompleteness(_ grammar: GuidanceGrammar, seed: UInt64) {
  guard let sampler = try? SchemaSampler(schema: grammar.schema) else { return }
  var random = SeededGenerator(seed: seed)
  for _ in 0..<4 {
    let value = sampler.sample(using: &random)
    guard (try? validate(value, against: grammar.schema)) != nil else {
      violated("the sampler made an invalid instance \(value.jsonString)")
    }
    guard insideEnvelope(value) else { continue }
    let text = value.jsonString
    guard let state = grammar.initialState.advanced(by: text) else {
      violated("the automaton refuses the valid instance \(text.debugDescription)")
    }
    guard state.isComplete else { violated("the valid instance \(text.debugDescription) leaves the automaton incomplete") }
  }
}

/// What the automaton is documented to generate: numbers without exponents, at most 15 integer
/// digits and 9 fraction digits; nesting of free (`any`) values under 48 levels.
private func insideEnvelope(_ value: GeneratedContent, depth: Int = 0) -> Bool {
  guard depth < 40 else { return false }
  switch value.kind {
  case .number(let number):
    let text = GeneratedContent.formatNumber(number)
    guard !text.contains("e"), abs(number) < 1e15 else { return false }
    return (text.split(separator: ".").dropFirst().first?.count ?? 0) <= 9
  case .array(let elements): return elements.allSatisfy { insideEnvelope($0, depth: depth + 1) }
  case .structure(let properties, _): return properties.values.allSatisfy { insideEnvelope($0, depth: depth + 1) }
  default: return true
  }
}
