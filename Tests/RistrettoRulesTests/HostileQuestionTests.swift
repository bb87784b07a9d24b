import Foundation
import Ristretto
import Testing

@testable import RistrettoRules

/// The rule-based model on hostile questions and hostile schemas: it answers or refuses with a
/// typed error, deterministically, in time linear in the question, and never traps.
@Suite("RuleBasedModel on hostile input")
struct HostileQuestionTests {
  let model = RuleBasedModel(
    rules: book(proposal: GeneratedContent(properties: ["roast": "dark", "bags": 2])), tokenizer: ApproximateTokenizer())

  static let questions = [
    "", "   \t\n", String(decoding: [0x6F, 0x72, 0xFF, 0x64, 0x65, 0x72, 0xC0], as: UTF8.self),
    "order\u{0}beans\u{1B}[2J", "\u{202E}redro\u{202C} \u{200F}order", "ORDER ORDER order order",
    "🫖" + String(repeating: "\u{0301}", count: 500),
    "order " + String(repeating: "x", count: 50_000),
  ]

  @Test(arguments: questions.indices)
  func aHostileQuestionIsAnsweredTheSameWayTwice(index: Int) async throws {
    let question = Self.questions[index]
    var transcripts: [Transcript] = []
    for _ in 0..<2 {
      let session = LanguageModelSession(model: model, tools: [Order()])
      let before = session.transcript.entries
      do {
        _ = try await session.respond(to: question)
        #expect(session.transcript.entries.prefix(before.count) == before[...])
      } catch let error as GenerationError {
        #expect(session.transcript.entries == before, "\(error)")
      }
      transcripts.append(session.transcript)
    }
    #expect(transcripts[0] == transcripts[1])
  }

  @Test func aMegabyteQuestionIsRefusedBeforeTheRulesRun() async throws {
    let session = LanguageModelSession(model: model, tools: [Order()])
    await #expect(throws: GenerationError.self) { try await session.respond(to: String(repeating: "order ", count: 180_000)) }
    #expect(session.transcript.entries.count == 1)
  }

  @Test func proposalsBeyondIntAreSteeredToTheBounds() throws {
    for number in [1e300, -1e300, .infinity, -.infinity, .nan, 9.3e18] {
      let (content, _) = try SchemaSteering.steer(
        GeneratedContent(properties: ["roast": "dark", "bags": GeneratedContent(kind: .number(number))]),
        into: Order.Arguments.generationSchema)
      try validate(content, against: Order.Arguments.generationSchema)
    }
    // Unbounded, the nearest Int has 19 digits, more than the automaton writes: a typed error.
    #expect(throws: GenerationError.self) {
      try SchemaSteering.steer(GeneratedContent(kind: .number(1e300)), into: Int.generationSchema)
    }
  }

  @Test func aSchemaWithNoFiniteValueIsRefusedNotWrittenForever() {
    let endless = GenerationSchema(
      root: .reference("Link"),
      definitions: [.init(name: "Link", node: .object(name: "Link", properties: [.init(name: "next", node: .reference("Link"))]))]
    )
    #expect(throws: SchemaError.self) { try SchemaSteering.steer(.null, into: endless) }
  }

  @Test func recursiveAlternativesAndHugeCountsEndInATypedError() throws {
    // Every alternative but the last recurses, and steering tries them in order.
    let tree = GenerationSchema(
      root: .reference("Tree"),
      definitions: [
        .init(
          name: "Tree",
          node: .anyOf([
            .object(
              name: "Pair",
              properties: [.init(name: "left", node: .reference("Tree")), .init(name: "right", node: .reference("Tree"))]),
            .null,
          ]))
      ])
    let start = ContinuousClock.now
    _ = try? SchemaSteering.steer(.null, into: tree)
    let huge = GenerationSchema(root: .array(.integer(), minimumCount: 1_000_000_000))
    #expect(throws: GenerationError.self) { try SchemaSteering.steer(.null, into: huge) }
    #expect(ContinuousClock.now - start < .seconds(10))
  }
}
