import Foundation
import Ristretto
import RistrettoTesting
import Testing

@Suite("Grounded follow-ups")
struct GroundedFollowUpTests {
  /// One statement per tool output of the turn it is given, with the question it answers.
  let grounding = Grounding(maximumPicks: 2) { question, turn in
    var statements: [Grounding.Statement] = []
    for case .toolOutput(let output) in turn {
      statements.append(Grounding.Statement("Output: \(output.segments.map(\.text).joined())."))
    }
    statements.append(Grounding.Statement("Asked: \(question)"))
    return statements
  }

  let firstTurn: [FakeModel.Step] = [
    .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])), .json(#"{"picks":["1"]}"#),
  ]

  @Test func aDeclinedToolCallIsAnsweredFromTheEarlierTurnsOutputs() async throws {
    let model = FakeModel.scripted(firstTurn + [.events([.confidence(0.9), .toolCalls([])]), .json(#"{"picks":["2","1"]}"#)])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    _ = try await session.respond(to: "Weather in Turin?")
    let before = session.transcript.entries.count
    let response = try await session.respond(to: "Is that warm?")
    // The first request of a turn may decline only when an earlier turn ran a tool.
    #expect(model.requests.map(\.mayDeclineTools) == [false, false, true, false])
    // The statements are the earlier turn's, for the new question; the model's order stands.
    #expect(response.content.hasPrefix("Asked: Is that warm? Output:"))
    #expect(response.content.contains("14"))
    #expect(response.confidence == 0.9)
    // The turn adds its prompt and the answer: no tool call, no tool output.
    let added = session.transcript.entries[before...]
    #expect(added.count == 2)
    #expect(!added.contains { if case .toolCalls = $0 { true } else { false } })
    // The selection request kept the earlier turn's output in its history (it is context now).
    let selection = try #require(model.requests.last)
    #expect(selection.transcript.entries.contains { if case .toolOutput = $0 { true } else { false } })
    #expect(selection.transcript.lastPromptText?.contains("Asked: Is that warm?") == true)
  }

  @Test func aFollowUpThatCallsAToolIsGroundedOnItsOwnOutputs() async throws {
    let model = FakeModel.scripted(
      firstTurn + [.toolCall("weather", arguments: GeneratedContent(properties: ["city": "Oslo"])), .json(#"{"picks":["1"]}"#)])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    _ = try await session.respond(to: "Weather in Turin?")
    let response = try await session.respond(to: "And in Oslo?")
    #expect(response.content.contains("cityUnknown"))
    #expect(!response.content.contains("14"))
  }

  @Test func withoutAnEarlierToolTurnNothingMayBeDeclined() async throws {
    let model = FakeModel.scripted([.reply("Hello!"), .reply("Fine, thanks.")])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    _ = try await session.respond(to: "Hi")
    _ = try await session.respond(to: "How are you?")
    #expect(model.requests.map(\.mayDeclineTools) == [false, false])
  }

  @Test func withoutGroundingNothingMayBeDeclined() async throws {
    let model = FakeModel.scripted([
      .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])), .reply("14 degrees."),
      .reply("Mild."),
    ])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.")
    _ = try await session.respond(to: "Weather in Turin?")
    _ = try await session.respond(to: "Is that warm?")
    #expect(model.requests.allSatisfy { !$0.mayDeclineTools })
  }

  @Test func aFailedFollowUpSelectionLeavesTheTranscriptAsItWas() async throws {
    struct Down: Error {}
    let model = FakeModel.scripted(firstTurn + [.events([.toolCalls([])]), .fail(Down())])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    _ = try await session.respond(to: "Weather in Turin?")
    let before = session.transcript
    await #expect(throws: Down.self) { try await session.respond(to: "Is that warm?") }
    #expect(session.transcript == before)
  }

  @Test func aCascadeHandsAnUnsureDeclineToTheFallback() async throws {
    let primary = FakeModel.scripted([.events([.confidence(0.4), .toolCalls([])])])
    let fallback = FakeModel.scripted([.reply("From the rules.")])
    let cascade = ToolChoiceCascade(primary: primary, fallback: fallback, threshold: 0.8)
    let request = GenerationRequest(
      transcript: Transcript(entries: [.prompt(Transcript.Prompt(id: "p", segments: [.text("Is that warm?")]))]),
      tools: [Weather().definition], mayDeclineTools: true)
    var text = ""
    var calls: [[Transcript.ToolCall]] = []
    for try await event in cascade.generate(request) {
      if case .text(let piece) = event { text += piece }
      if case .toolCalls(let made) = event { calls.append(made) }
    }
    #expect(text == "From the rules.")
    #expect(calls.isEmpty)
    #expect(fallback.requests.first?.mayDeclineTools == true)
  }
}
