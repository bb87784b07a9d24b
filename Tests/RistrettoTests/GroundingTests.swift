import Foundation
import Ristretto
import RistrettoTesting
import Testing

@Suite("Grounded answers")
struct GroundingTests {
  /// Statements from the weather tool's output: a required status line, then two optional ones.
  let grounding = Grounding(maximumPicks: 2) { _, turn in
    var statements = [Grounding.Statement("Checked the weather service.", isRequired: true)]
    for case .toolOutput(let output) in turn {
      statements.append(Grounding.Statement("Output: \(output.segments.map(\.text).joined())."))
    }
    statements.append(Grounding.Statement("Turin is in Piedmont."))
    return statements
  }

  @Test func theModelPicksStatementsAndTheAppSpeaks() async throws {
    let model = FakeModel.scripted([
      .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])),
      .json(#"{"picks":["2","1"]}"#),
    ])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    let response = try await session.respond(to: "Weather in Turin?")
    #expect(response.content.hasPrefix("Checked the weather service. Turin is in Piedmont. Output:"))
    #expect(response.content.contains("14"))
    // The selection request listed the statements and asked for an array of their numbers; its
    // tools are context only (the schema wins), so it starts as the tool call's request did.
    let selection = try #require(model.requests.last)
    #expect(selection.tools.map(\.name) == ["weather"])
    #expect(selection.responseSchema?.root != nil)
    #expect(selection.transcript.lastPromptText?.contains("1. Output:") == true)
    // The stored transcript ends with the composed answer, not the picks.
    guard case .response(let last)? = session.transcript.entries.last else {
      Issue.record("no response entry")
      return
    }
    #expect(last.segments.map(\.text).joined() == response.content)
  }

  @Test func theSelectionExtendsTheToolCallsPromptWithoutTheRawOutputs() async throws {
    let model = FakeModel.scripted([
      .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])),
      .json(#"{"picks":["1"]}"#),
    ])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    _ = try await session.respond(to: "Weather in Turin?")
    let (call, selection) = (model.requests[0], model.requests[1])
    // A backend that keeps its KV cache evaluates only what the selection adds.
    #expect(model.render(selection).text.hasPrefix(model.render(call).text))
    #expect(!selection.transcript.entries.contains { if case .toolOutput = $0 { true } else { false } })
    // The stored transcript keeps the output.
    #expect(session.transcript.entries.contains { if case .toolOutput = $0 { true } else { false } })
  }

  @Test func aGroundingThatShowsToolOutputsKeepsThem() async throws {
    let model = FakeModel.scripted([
      .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])),
      .json(#"{"picks":["1"]}"#),
    ])
    var showing = grounding
    showing.showsToolOutputs = true
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: showing)
    _ = try await session.respond(to: "Weather in Turin?")
    #expect(model.requests[1].transcript.entries.contains { if case .toolOutput = $0 { true } else { false } })
  }

  @Test func aPickOutsideTheListIsIgnoredAndRequiredStatementsStay() async throws {
    let model = FakeModel.scripted([
      .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Oslo"])),
      .json(#"{"picks":["2"]}"#),
    ])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    let response = try await session.respond(to: "Weather in Oslo?")
    #expect(response.content == "Checked the weather service. Turin is in Piedmont.")
  }

  @Test func aTurnWithoutToolsIsFreeText() async throws {
    let model = FakeModel.scripted([.reply("Hello!")])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    #expect(try await session.respond(to: "Hi").content == "Hello!")
  }

  @Test func aFailedSelectionLeavesTheTranscriptAsItWas() async throws {
    struct Down: Error {}
    let model = FakeModel.scripted([
      .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])), .fail(Down()),
    ])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.", grounding: grounding)
    let before = session.transcript
    await #expect(throws: Down.self) { try await session.respond(to: "Weather in Turin?") }
    #expect(session.transcript == before)
  }
}
