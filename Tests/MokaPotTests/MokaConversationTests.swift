import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

@Suite("Moka assistant on the rule-based model")
struct MokaConversationTests {
  func ask(_ question: String, index: IndexHealth = .ready) async throws -> SpecialistChat<MokaSpecialty>.Reply {
    let assistant = try MokaFixtures.assistant(index: index)
    return try await assistant.chat(model: try assistant.rulesModel).send(question)
  }

  @Test func beansConversation() async throws {
    let reply = try await ask("Recommend a natural process bean from Ethiopia")
    #expect(reply.specialty == .beans)
    #expect(reply.response.toolCalls.map(\.toolName) == ["searchBeans"])
    #expect(reply.response.content.contains("From the reference corpus: Ethiopia"))
    #expect(reply.response.content.contains("natural process"))
  }

  @Test func cupboardConversationAcrossTurns() async throws {
    let assistant = try MokaFixtures.assistant()
    let chat = try assistant.chat(model: try assistant.rulesModel)
    let first = try await chat.send("How much of my Kochere is left?")
    #expect(first.specialty == .cupboard)
    #expect(first.response.content.contains("140 g left"))
    let second = try await chat.send("Compare my Kochere with its reference profile")
    #expect(second.specialty == .cupboard && second.switchedFrom == nil)
    #expect(second.response.content.contains("Ethiopia Yirgacheffe Kochere"))
    #expect(second.response.content.contains("jasmine"))
    #expect(chat.turnUsage.count == 2)
  }

  @Test func shoppingConversation() async throws {
    let reply = try await ask("Where can I buy beans near me?")
    #expect(reply.specialty == .shopping)
    #expect(reply.response.toolCalls.first?.toolName == "nearbyCafes")
    #expect(reply.response.content.hasPrefix("Nearby:"))
  }

  @Test func generalConversation() async throws {
    let reply = try await ask("Why is my moka pot sputtering?")
    #expect(reply.specialty == .general)
    #expect(reply.response.toolCalls.first?.toolName == "brewAdvice")
    #expect(reply.response.content.contains("Sputtering"))
    let hello = try await ask("hello")
    #expect(hello.response.toolCalls.isEmpty)
    #expect(hello.response.content.hasPrefix("Hello!"))
  }

  @Test func quizChainsIntoSearch() async throws {
    let reply = try await ask("quiz me: I like chocolate and nuts with milk")
    #expect(reply.response.toolCalls.map(\.toolName) == ["tasteQuiz", "searchBeans"])
    #expect(reply.response.content.contains("dark roast"))
  }

  @Test(arguments: [IndexHealth.stale, .unavailable])
  func statusRuleNeverSaysNothingWasFound(_ index: IndexHealth) async throws {
    for question in ["find beans from kenya", "recommend a dark roast", "which beans have blueberry notes?"] {
      let answer = try await ask(question, index: index).response.content.lowercased()
      #expect(answer.contains("unavailable"))
      for banned in ["no beans found", "nothing was found", "no matches", "found nothing", "no bean matches"] {
        #expect(!answer.contains(banned), "\(question): \(answer)")
      }
    }
    let ran = try await ask("an anaerobic dark roast from Yemen")
    #expect(ran.response.content.contains("no bean matches"))
  }

  @Test func routingOnTheDevSetMeetsTargets() async throws {
    let assistant = try MokaFixtures.assistant()
    let router = Router<MokaSpecialty>(model: try assistant.rulesModel)
    let examples = try MokaFixtures.routingSet("dev")
    var acceptable = 0
    var wrong = 0
    for example in examples {
      let decision = try await router.route(example.q)
      if example.acceptable.contains(decision.specialty.rawValue) {
        acceptable += 1
      } else if decision.specialty != .general {
        wrong += 1
      }
      #expect(decision.usage.promptTokens <= 150 + 40, "router prompt for: \(example.q)")
      #expect(decision.usage.generatedTokens <= 5)
    }
    #expect(Double(acceptable) / Double(examples.count) >= 0.95)
    #expect(Double(wrong) / Double(examples.count) <= 0.02)
  }

  @Test func budgetTargets() throws {
    let assistant = try MokaFixtures.assistant()
    let budget = try SpecialtyBudget<MokaSpecialty>(
      model: try assistant.rulesModel, toolbox: assistant.toolbox, instructions: assistant.instructions)
    try budget.check(reserve: 1500)
    #expect(budget.meanSpecialistShare <= 0.45)
    let routerCost = try assistant.rulesModel.tokenCount(for: Router<MokaSpecialty>.defaultInstructions)
    #expect(routerCost <= 150)
  }

  @Test func specialistsAreNeverBriefedOnToolsTheyLack() {
    let assistant = MokaAssistant(data: try! MokaFixtures.data())
    for specialty in MokaSpecialty.allCases where specialty != .general {
      let held = Set(specialty.tools(from: assistant.toolbox).map(\.name))
      let text = specialty.instructions(from: assistant.instructions, toolbox: assistant.toolbox).text
      for tool in assistant.toolbox.map(\.name) where !held.contains(tool) {
        #expect(!text.contains("\(tool):"), "\(specialty) is briefed on \(tool)")
      }
    }
  }

  @Test func sameConversationSameBytes() async throws {
    func transcript() async throws -> Data {
      let assistant = try MokaFixtures.assistant()
      let chat = try assistant.chat(model: try assistant.rulesModel)
      _ = try await chat.send("is my Santos still fresh?")
      _ = try await chat.send("my Huila tastes sour")
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      return try encoder.encode(chat.transcript)
    }
    let first = try await transcript()
    let second = try await transcript()
    #expect(first == second)
  }
}
