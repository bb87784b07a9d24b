import Foundation
import Ristretto
import RistrettoTesting
import Testing

@Suite("ToolChoiceCascade")
struct ToolChoiceCascadeTests {
  func primary(confidence: Double) -> FakeModel {
    FakeModel.scripted([
      .events([
        .confidence(confidence),
        .toolCalls([Transcript.ToolCall(id: "", toolName: "clock", arguments: GeneratedContent(properties: [:]))]),
      ]),
      .reply("From the primary."),
    ])
  }

  let fallback = FakeModel.scripted([.toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"]))])

  @Test func anUnsureToolChoiceIsMadeByTheFallback() async throws {
    let cascade = ToolChoiceCascade(primary: primary(confidence: 0.3), fallback: fallback, threshold: 0.8)
    let session = LanguageModelSession(model: cascade, tools: [Weather(), Clock()], instructions: "Be brief.")
    let response = try await session.respond(to: "Weather?")
    #expect(response.toolCalls.map(\.toolName) == ["weather"])
    #expect(response.content == "From the primary.")
  }

  @Test func aConfidentToolChoiceStands() async throws {
    let cascade = ToolChoiceCascade(primary: primary(confidence: 0.95), fallback: fallback, threshold: 0.8)
    let session = LanguageModelSession(model: cascade, tools: [Weather(), Clock()], instructions: "Be brief.")
    let response = try await session.respond(to: "Time?")
    #expect(response.toolCalls.map(\.toolName) == ["clock"])
  }

  @Test func aThresholdAboveOneLetsTheFallbackChooseWithoutAskingThePrimary() async throws {
    // The primary's only scripted reply is a typed answer: asked for a tool choice, it would fail.
    let primary = FakeModel.scripted([.reply(#"{"picks":["1"]}"#)])
    let cascade = ToolChoiceCascade(primary: primary, fallback: fallback, threshold: 1.5)
    let grounding = Grounding { _, turn in
      turn.compactMap { entry in
        guard case .toolOutput(let output) = entry else { return nil }
        return Grounding.Statement("Said: " + output.segments.map(\.text).joined())
      } + [Grounding.Statement("Something else.")]
    }
    let session = LanguageModelSession(
      model: cascade, tools: [Weather(), Clock()], instructions: "Be brief.", grounding: grounding)
    let response = try await session.respond(to: "Weather?")
    #expect(response.toolCalls.map(\.toolName) == ["weather"])
    // The selection (a schema request) is the primary's.
    #expect(response.content.hasPrefix("Said: "))
  }

  @Test func textAndTypedAnswersPassThrough() async throws {
    let cascade = ToolChoiceCascade(primary: FakeModel.fixed("Hello."), fallback: fallback)
    #expect(try await LanguageModelSession(model: cascade, instructions: "Be brief.").respond(to: "Hi").content == "Hello.")
  }
}
