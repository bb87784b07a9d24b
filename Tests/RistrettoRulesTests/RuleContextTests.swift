import Foundation
import Ristretto
import Testing

@testable import RistrettoRules

/// The rule-based model holds to its context as a token model does.
@Suite("RuleBasedModel: context")
struct RuleContextTests {
  typealias GenerationError = LanguageModelSession.GenerationError

  @Test func aRequestLeavingNoRoomForAnAnswerIsRefused() throws {
    let model = RuleBasedModel(rules: book(proposal: .null), tokenizer: ApproximateTokenizer(), contextSize: 200)
    let long = Transcript(entries: [.prompt(.init(id: "p", segments: [.text(String(repeating: "apple ", count: 120))]))])
    #expect {
      try model.respond(to: GenerationRequest(transcript: long))
    } throws: { error in
      guard case GenerationError.exceededContextWindowSize(let context) = error else { return false }
      return context.contextSize == 200 && context.tokenCount ?? 0 > 200
    }
    let short = Transcript(entries: [.prompt(.init(id: "p", segments: [.text("an apple")]))])
    #expect(try !model.respond(to: GenerationRequest(transcript: short)).isEmpty)
  }

  @Test func aSessionKeepsALongConversationInsideTheRulesContext() async throws {
    let model = RuleBasedModel(rules: book(proposal: .null), tokenizer: ApproximateTokenizer(), contextSize: 700)
    let session = LanguageModelSession(model: model, tools: [Order()], historyPolicy: .dropToolRoundsFirst)
    for index in 0..<40 {
      let response = try await session.respond(to: Prompt("order \(index) beans, " + String(repeating: "please ", count: 8)))
      #expect(response.usage.promptTokens <= 2 * 700)
    }
    #expect(session.transcript.entries.count > 40 * 2)
  }
}
