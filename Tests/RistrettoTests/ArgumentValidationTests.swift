import Foundation
import Ristretto
import RistrettoTesting
import Testing

/// A tool whose argument is guided to 1...50 liters.
struct Repot: Tool {
  let name = "repot"
  let description = "Repots a plant."
  struct Arguments: GenerableObject {
    var potSizeLiters: Int
    static let properties = GenerableProperties<Arguments> {
      GenerableProperty("potSizeLiters", \.potSizeLiters, .range(1...50))
    }
    init(_ content: GeneratedContent) throws { potSizeLiters = try content.value(forProperty: "potSizeLiters") }
  }
  func call(arguments: Arguments) async throws -> String {
    precondition((1...50).contains(arguments.potSizeLiters), "an invalid argument reached the tool")
    return "Repotted into \(arguments.potSizeLiters) l."
  }
}

@Suite("Tool arguments are validated on every backend")
struct ArgumentValidationTests {
  static func call(_ liters: Int) -> FakeModel.Step {
    .toolCall(
      "repot", arguments: GeneratedContent(properties: ["potSizeLiters": GeneratedContent(kind: .number(Double(liters)))]))
  }

  @Test func anOutOfRangeArgumentNeverReachesTheToolAndTheModelCorrectsIt() async throws {
    let spy = ToolSpy(Repot())
    let model = FakeModel.scripted([Self.call(80), Self.call(20), .reply("Done.")])
    let session = LanguageModelSession(model: model, tools: [spy])
    let answer = try await session.respond(to: "Repot my fern")
    #expect(answer.content == "Done.")
    #expect(await spy.calls.map(\.potSizeLiters) == [20])
    // The model saw why its first call was refused.
    let second = try #require(model.requests.dropFirst().first)
    guard case .toolOutput(let output)? = second.transcript.entries.last else {
      Issue.record("the refused call has no tool output")
      return
    }
    let text = output.segments.map(\.text).joined()
    #expect(text.contains("arguments.potSizeLiters"))
    #expect(text.contains("50"))
  }

  @Test func aPersistentViolationFailsTypedAndLeavesTheTranscript() async throws {
    let spy = ToolSpy(Repot())
    let model = FakeModel.scripted([Self.call(80), Self.call(0), Self.call(-3), .reply("never")])
    let session = LanguageModelSession(model: model, tools: [spy], maximumArgumentCorrections: 2)
    let before = session.transcript
    await #expect(throws: LanguageModelSession.GenerationError.self) { try await session.respond(to: "Repot") }
    do {
      _ = try await LanguageModelSession(
        model: FakeModel.scripted([Self.call(99), Self.call(99)]), tools: [spy],
        maximumArgumentCorrections: 1
      ).respond(to: "Repot")
      Issue.record("expected a failure")
    } catch let error as LanguageModelSession.GenerationError {
      guard case .invalidToolArguments(let tool, let reason, let attempts) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(tool == "repot" && attempts == 2 && reason.contains("potSizeLiters"))
    }
    #expect(session.transcript == before)
    #expect(await spy.calls.isEmpty)
  }

  @Test func theRuleBasedPathIsCheckedToo() async throws {
    // A wrong type (a string where an integer is required) is refused the same way.
    let spy = ToolSpy(Repot())
    let model = FakeModel.scripted([
      .toolCall("repot", arguments: GeneratedContent(properties: ["potSizeLiters": "big"])), Self.call(5), .reply("ok"),
    ])
    _ = try await LanguageModelSession(model: model, tools: [spy]).respond(to: "Repot")
    #expect(await spy.calls.map(\.potSizeLiters) == [5])
  }
}
