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

  @Test func textAndTypedAnswersPassThrough() async throws {
    let cascade = ToolChoiceCascade(primary: FakeModel.fixed("Hello."), fallback: fallback)
    #expect(try await LanguageModelSession(model: cascade, instructions: "Be brief.").respond(to: "Hi").content == "Hello.")
  }
}
