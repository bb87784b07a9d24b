import Ristretto

/// Target `pattern`: `StringPattern` on any pattern text, matched against any string.
///
/// Input: a pattern, a 0xFF byte, a subject. Invariants: compiling never traps or runs away
/// (states are bounded); `matches` never traps; a string's match agrees with the guidance
/// automaton of `.string(pattern:)` reading the JSON string.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let (patternBytes, subjectBytes) = input.split(at: 0xFF)
  let source = String(decoding: patternBytes, as: UTF8.self)
  guard let pattern = try? StringPattern(source) else { return 0 }
  let subject = String(decoding: subjectBytes, as: UTF8.self)
  let matches = pattern.matches(subject)
  guard let grammar = try? GuidanceGrammar(schema: GenerationSchema(root: .string(pattern: source))) else {
    violated("a compiled pattern /\(source)/ does not compile in a schema")
  }
  let state = grammar.initialState.advanced(by: GeneratedContent.quoted(subject))
  let accepted = state?.isComplete ?? false
  // The automaton never generates characters JSON escapes, so it may refuse a match holding one.
  let plain = subject.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }
  if accepted && !matches { violated("/\(source)/: the automaton accepts \(subject.debugDescription), matches() refuses") }
  if plain && matches && !accepted {
    violated("/\(source)/: matches() accepts \(subject.debugDescription), the automaton refuses")
  }
  return 0
}
