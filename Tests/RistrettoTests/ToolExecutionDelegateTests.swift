import Foundation
import RistrettoTesting
import Testing

@testable import Ristretto

private struct PlaceOrder: Tool {
  struct Arguments: GenerableObject, Decodable {
    var item: String
    static let properties = GenerableProperties<Arguments> { GenerableProperty(\.item) }
  }
  let name = "placeOrder"
  let description = "Orders an item."
  func call(arguments: Arguments) async throws -> String { "ordered \(arguments.item)" }
}

/// Records what it was asked and answers with a fixed decision.
private actor Recorder: ToolExecutionDelegate {
  let decision: ToolCallDecision
  var asked: [String] = []
  var finished: [Transcript.ToolOutput] = []

  init(_ decision: ToolCallDecision) { self.decision = decision }

  func toolCallWillRun(_ call: Transcript.ToolCall, tool: any Tool) async -> ToolCallDecision {
    asked.append("\(tool.name) \(call.arguments.jsonString)")
    return decision
  }

  func toolCallDidFinish(_ call: Transcript.ToolCall, tool: any Tool, output: Transcript.ToolOutput) async {
    finished.append(output)
  }
}

@Suite("A delegate observes, approves, denies or answers each tool call")
struct ToolExecutionDelegateTests {
  private static func session(_ spy: ToolSpy<PlaceOrder>) -> (LanguageModelSession, FakeModel) {
    let model = FakeModel.scripted([
      .toolCall("placeOrder", arguments: GeneratedContent(properties: ["item": "filter basket"])), .reply("Done."),
    ])
    return (LanguageModelSession(model: model, tools: [spy]), model)
  }

  private static func toolOutputText(_ transcript: Transcript) -> String? {
    for case .toolOutput(let output) in transcript.entries {
      for case .text(let segment) in output.segments { return segment.content }
    }
    return nil
  }

  @Test func anApprovedCallRunsAndIsReported() async throws {
    let spy = ToolSpy(PlaceOrder())
    let (session, _) = Self.session(spy)
    let recorder = Recorder(.run)
    session.toolExecutionDelegate = recorder
    _ = try await session.respond(to: "Order a filter basket")
    #expect(await spy.calls.count == 1)
    #expect(await recorder.asked == [#"placeOrder {"item":"filter basket"}"#])
    #expect(await recorder.finished.count == 1)
    #expect(Self.toolOutputText(session.transcript) == "ordered filter basket")
  }

  @Test func aDeniedCallNeverRunsAndTheModelReadsTheDenial() async throws {
    let spy = ToolSpy(PlaceOrder())
    let (session, model) = Self.session(spy)
    session.toolExecutionDelegate = Recorder(.deny(reason: "the person has not confirmed"))
    let answer = try await session.respond(to: "Order a filter basket").content
    #expect(answer == "Done.")
    #expect(await spy.calls.isEmpty)
    let denial = ToolCallDenial(toolName: "placeOrder", reason: "the person has not confirmed")
    #expect(Self.toolOutputText(session.transcript) == "Error: \(denial.errorDescription!)")
    #expect(model.requests.count == 2)
    #expect(Self.toolOutputText(model.requests[1].transcript) == "Error: \(denial.errorDescription!)")
  }

  @Test func aSuppliedOutputReplacesTheToolsOwn() async throws {
    let spy = ToolSpy(PlaceOrder())
    let (session, _) = Self.session(spy)
    session.toolExecutionDelegate = Recorder(.supply(GeneratedContent(kind: .string("cached: ordered yesterday"))))
    _ = try await session.respond(to: "Order a filter basket")
    #expect(await spy.calls.isEmpty)
    #expect(Self.toolOutputText(session.transcript) == "cached: ordered yesterday")
  }

  @Test func withoutADelegateEveryCallRuns() async throws {
    let spy = ToolSpy(PlaceOrder())
    let (session, _) = Self.session(spy)
    #expect(session.toolExecutionDelegate == nil)
    _ = try await session.respond(to: "Order a filter basket")
    #expect(await spy.calls.count == 1)
  }
}
