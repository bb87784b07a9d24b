import Foundation
import RistrettoTesting
import Testing

@testable import Ristretto

/// One test per fuzz finding: the input libFuzzer found (kept under `Fixtures/fuzz/<target>/crashes`),
/// reduced to what it exercises, and the typed outcome that replaced the crash or wrong answer.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
  // MARK: - json, partial-json

  @Test(arguments: ["7E888", "-1e400", "[1, 2e999]"])
  func numbersBeyondDoubleAreRefusedNotReadAsInfinity(text: String) {
    #expect(throws: GeneratedContentError.self) { try GeneratedContent(json: text) }
    #expect(throws: GeneratedContentError.self) { try GeneratedContent(partialJSON: text + " ") }
  }

  @Test func aStreamCutRightAfterABackslashIsAnIncompleteString() throws {
    let snapshot = try GeneratedContent(partialJSON: #"{"note":"ab\"#)
    #expect(snapshot.isComplete == false)
    #expect(try snapshot.value(String.self, forProperty: "note") == "ab")
    #expect(try GeneratedContent(partialJSON: "\"\\").kind == .string(""))
  }

  @Test(arguments: [#""\u12"#, #""\uD83D\u"#, #""\"#])
  func anUnfinishedEscapeIsNotACompleteDocument(text: String) {
    #expect(throws: GeneratedContentError.self) { try GeneratedContent(json: text) }
  }

  // MARK: - guidance

  @Test func aDefinitionThatIsOnlyItselfIsRefused() {
    let bare = GenerationSchema(root: .reference("A"), definitions: [.init(name: "A", node: .reference("A"))])
    let throughAnyOf = GenerationSchema(
      root: .reference("A"),
      definitions: [.init(name: "A", node: .anyOf([.integer(), .reference("B")])), .init(name: "B", node: .reference("A"))])
    for schema in [bare, throughAnyOf] {
      #expect {
        try schema.validated()
      } throws: { error in
        guard case SchemaError.circularReference = error else { return false }
        return (error as? SchemaError)?.errorDescription?.contains("nest the reference") == true
      }
      #expect(throws: SchemaError.self) { try SchemaSampler(schema: schema) }
    }
    // Recursion through an array or an object is how trees are written, and stays allowed.
    let tree = GenerationSchema(root: .reference("A"), definitions: [.init(name: "A", node: .array(.reference("A")))])
    #expect(throws: Never.self) { try tree.validated() }
  }

  @Test(arguments: [[0xE0, 0x80], [0xED, 0xA0], [0xF4, 0x90], [0xF0, 0x80], [0xC0], [0xF5]] as [[UInt8]])
  func patternStringsNeverGenerateMalformedUTF8(bytes: [UInt8]) throws {
    for pattern in [".{0,3}", "[^,]*", "\\D+"] {
      let start = try GuidanceGrammar(schema: GenerationSchema(root: .string(pattern: pattern))).initialState.advanced(by: "\"")
      #expect(start?.advanced(by: bytes) == nil, "\(pattern) accepts \(bytes)")
      #expect(start?.advanced(by: "é☕️") != nil)
    }
  }

  @Test func freeStringsNeverWriteAnUnpairedSurrogateEscape() throws {
    let start = try GuidanceGrammar(schema: String.generationSchema).initialState
    for escape in [#""\uD800"#, #""\udfff"#, #""\uDA"#] {
      #expect(start.advanced(by: escape) == nil, "\(escape)")
    }
    for escape in [#""\uD7FF""#, #""\u00e9""#, #""\u0000""#] {
      #expect(start.advanced(by: escape)?.isComplete == true, "\(escape)")
      #expect(throws: Never.self) { try GeneratedContent(json: escape) }
    }
  }

  @Test func anArrayCountBeyondInt32IsATypedErrorNotATrap() {
    #expect(throws: SchemaError.self) { try GenerationSchema(jsonSchema: #"{"type":"array","minItems":9999999999}"#) }
    #expect(throws: SchemaError.self) {
      try GuidanceGrammar(schema: GenerationSchema(root: .array(.integer(), minimumCount: Int(Int32.max) + 1)))
    }
  }

  // MARK: - the sampler the fuzzers use

  @Test func sampledPatternStringsAlwaysMatch() throws {
    let pattern = "(\\w+-)?\\d{2}"
    let sampler = try SchemaSampler(schema: GenerationSchema(root: .string(pattern: pattern)))
    var random = SeededGenerator(seed: 1)
    for _ in 0..<200 {
      guard case .string(let text) = sampler.sample(using: &random).kind else { Issue.record("not a string"); return }
      #expect(try StringPattern(pattern).matches(text), "\(text)")
    }
  }

  /// json-schema crash-65597adf: a pattern whose literal needs a carriage return (which a JSON
  /// string never holds unescaped, so guidance never writes it) let guidance walk into a state
  /// with no way to end, and the sampler returned a prefix that did not match.
  @Test func aPatternLiteralThatGuidanceCannotWriteIsNoDeadEnd() throws {
    #expect(throws: StringPatternError.self) { try StringPattern("ab\r8") }
    #expect(throws: StringPatternError.self) { try StringPattern("x\n") }
    // A branch that needs one is cut, the other kept: sampled strings always match.
    let pattern = "(a\r|b)c{1,3}"
    let sampler = try SchemaSampler(schema: GenerationSchema(root: .string(pattern: pattern)))
    var random = SeededGenerator(seed: 7)
    for _ in 0..<100 {
      guard case .string(let text) = sampler.sample(using: &random).kind else { Issue.record("not a string"); return }
      #expect(text.hasPrefix("b"), "\(text)")
      #expect(try StringPattern(pattern).matches(text), "\(text)")
    }
  }

  @Test func aRecursiveChoiceDeepDownTakesTheWayOut() throws {
    // D0 = anyOf[{abc: D0} (required), D1, D1] and D1 = any: deep down, the sampler used to skip
    // the references and so always took the object, recursing until the stack overflowed.
    let recursive = GenerationSchema.Node.object(
      name: "O2", properties: [.init(name: "p0", node: .null), .init(name: "abc", node: .reference("D0"))])
    let schema = GenerationSchema(
      root: .reference("D0"),
      definitions: [
        .init(name: "D0", node: .anyOf([recursive, .reference("D1"), .reference("D1")])), .init(name: "D1", node: .any),
      ])
    let sampler = try SchemaSampler(schema: schema)
    var random = SeededGenerator(seed: 7)
    for _ in 0..<200 { try validate(sampler.sample(using: &random), against: schema) }
  }

  @Test func samplingBoundsAtTheEndsOfTheirTypesDoesNotTrap() throws {
    let schema = GenerationSchema(
      root: .object(
        name: "Extremes",
        properties: [
          .init(name: "low", node: .integer(maximum: Int.min + 1)), .init(name: "high", node: .integer(minimum: Int.max - 1)),
          .init(name: "wide", node: .number(minimum: -1e308, maximum: 1e308)),
          .init(name: "negative", node: .integer(maximum: -5000)), .init(name: "below", node: .number(maximum: -5000)),
        ]))
    let sampler = try SchemaSampler(schema: schema)
    var random = SeededGenerator(seed: 2)
    for _ in 0..<20 { try validate(sampler.sample(using: &random), against: schema) }
  }
}
