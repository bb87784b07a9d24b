import Foundation
import Ristretto
import RistrettoTesting
import Testing

@Suite("Token budget and renderers")
struct BudgetTests {
  struct Search: Tool {
    let name = "searchBeans"
    let description = "Search the reference bean corpus."
    var parameters: GenerationSchema {
      GenerationSchema(
        root: .object(
          name: "Args",
          properties: [
            .init(name: "query", description: "words to match", node: .string()),
            .init(name: "roast", node: .stringEnum(["light", "medium", "dark"]), isOptional: true),
            .init(name: "limit", description: "how many", node: .integer(minimum: 1, maximum: 5)),
          ]))
    }
    func call(arguments: GeneratedContent) async throws -> String { "" }
  }

  @Test func compactRendererKeepsEveryFact() throws {
    let line = ToolRenderer.compact.render(Search().definition)
    #expect(
      line
        == "searchBeans(query words to match; roast? {light medium dark}; limit 1...5 how many) Search the reference bean corpus."
    )
    // Parse the facts back out of the line.
    let open = try #require(line.firstIndex(of: "("))
    let close = try #require(line.firstIndex(of: ")"))
    #expect(line[..<open] == "searchBeans")
    #expect(line[line.index(after: close)...].trimmingCharacters(in: .whitespaces) == "Search the reference bean corpus.")
    let parameters = line[line.index(after: open)..<close].components(separatedBy: "; ")
    #expect(parameters.map { $0.components(separatedBy: " ")[0] } == ["query", "roast?", "limit"])
    #expect(parameters[1].contains("{light medium dark}"))
    #expect(parameters[2].contains("1...5") && parameters[2].contains("how many"))
    #expect(parameters[0].contains("words to match"))
    let json = ToolRenderer.jsonSchema.render(Search().definition)
    #expect(json.contains(#""name":"searchBeans""#) && json.contains(#""maximum":5"#))
  }

  @Test func budgetReportAddsUp() {
    let model = FakeModel(contextSize: 1000) { _, _ in .reply("") }
    let budget = TokenBudget(model: model, instructions: "Be brief.", tools: [Search()], reservedForResponse: 100)
    #expect(budget.components.map(\.name).prefix(3) == ["instructions", "tool searchBeans", "tool-call format"])
    #expect(budget.components.reduce(0) { $0 + $1.tokens } == budget.promptTokens)
    #expect(budget.totalTokens == budget.promptTokens + 100)
    #expect(budget.fits)
    #expect(budget.table.contains("headroom"))
    #expect(budget.json.contains(#""fits":true"#))
    let tight = TokenBudget(
      model: FakeModel(contextSize: 50) { _, _ in .reply("") }, instructions: "Be brief.", tools: [Search()])
    #expect(!tight.fits)
    #expect(tight.table.contains("OVER BUDGET"))
  }

  func longHistorySession(_ policy: HistoryPolicy, contextSize: Int) async throws -> (LanguageModelSession, FakeModel) {
    let model = FakeModel(contextSize: contextSize) { request, _ in
      if case .prompt? = request.transcript.entries.last,
        request.transcript.lastPromptText?.hasPrefix("tool") == true
      {
        return .toolCall("clock", arguments: GeneratedContent(properties: [:]))
      }
      return .reply(String(repeating: "answer ", count: 20))
    }
    let session = LanguageModelSession(model: model, tools: [Clock()], historyPolicy: policy)
    return (session, model)
  }

  @Test func strictPolicyThrowsAndKeepsTranscript() async throws {
    let (session, _) = try await longHistorySession(.strict, contextSize: 700)
    var failure: (any Error)?
    var before = session.transcript
    for index in 0..<20 {
      before = session.transcript
      do {
        _ = try await session.respond(to: Prompt("question \(index) " + String(repeating: "words ", count: 20)))
      } catch {
        failure = error
        break
      }
    }
    #expect(before.count > 3)  // the failure came after some successful turns
    guard case LanguageModelSession.GenerationError.exceededContextWindowSize(let context)? = failure,
      let size = context.contextSize, let count = context.tokenCount
    else {
      Issue.record("expected an overflow, got \(String(describing: failure))")
      return
    }
    #expect(size == 700 && count > 700)
    #expect(session.transcript == before)
  }

  @Test func rollingWindowDropsOldEntries() async throws {
    let (session, model) = try await longHistorySession(.rollingWindow(entries: 4), contextSize: 700)
    var dropped = 0
    for index in 0..<10 {
      let response = try await session.respond(to: Prompt("question \(index) " + String(repeating: "words ", count: 20)))
      dropped = response.droppedEntries.count
    }
    #expect(dropped > 0)
    #expect(session.transcript.entries.count == 21)
    #expect((model.requests.last?.transcript.entries.count ?? 0) <= 5)
  }

  @Test func dropToolRoundsFirst() async throws {
    let (session, model) = try await longHistorySession(.dropToolRoundsFirst, contextSize: 650)
    _ = try await session.respond(to: "tool please")
    for index in 0..<6 {
      _ = try await session.respond(to: Prompt("question \(index) " + String(repeating: "words ", count: 20)))
    }
    let seen = try #require(model.requests.last).transcript.entries
    #expect(!seen.contains { if case .toolCalls = $0 { true } else { false } })
    #expect(session.transcript.entries.contains { if case .toolCalls = $0 { true } else { false } })
  }

  @Test("droppedEntries: each entry left out by any request of the turn, once, and none that every request saw")
  func droppedEntriesOfATurnWithAToolRound() async throws {
    let (session, model) = try await longHistorySession(.dropToolRoundsFirst, contextSize: 700)
    for index in 0..<8 {
      _ = try await session.respond(to: Prompt("question \(index) " + String(repeating: "words ", count: 20)))
    }
    let history = session.transcript.entries
    let firstRequest = model.requests.count
    let response = try await session.respond(to: "tool please, and " + String(repeating: "words ", count: 20))
    let requests = model.requests[firstRequest...].map { Set($0.transcript.entries.map(\.id)) }
    #expect(requests.count == 2)
    let dropped = response.droppedEntries.map(\.id)
    #expect(Set(dropped).count == dropped.count)
    let leftOut = history.dropFirst().filter { entry in requests.contains { !$0.contains(entry.id) } }.map(\.id)
    #expect(Set(dropped) == Set(leftOut))
    #expect(!leftOut.isEmpty)
  }
}
