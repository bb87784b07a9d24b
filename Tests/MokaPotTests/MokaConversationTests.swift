import Foundation
import Ristretto
import RistrettoFixtures
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

  @Test func cupboardCountsBagsTotalsOpenedOnesAndComparesTwoNamed() async throws {
    #expect(try await ask("How many bags of coffee do I have?").response.content.hasPrefix("You have 6 bags."))
    // Napoletano (500 g) is still sealed: 1191 g in all, 691 g in the opened bags.
    let opened = try await ask("total grams left in the bags I've opened?").response.content
    #expect(opened.contains("691 g") && !opened.contains("Napoletano"))
    let output = try await CupboardTool(data: MokaFixtures.data()).call(
      arguments: .init(GeneratedContent(json: #"{"action":"list"}"#)))
    let older = MokaCupboardAnswers.sentence(output.generatedContent, Utterance("which is older, the kochere or the antigua?"))
    #expect(older.hasPrefix("Of the Kochere and Antigua, the older is the Antigua"))
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
      // Unavailable says so and did not run; a stale index is searched, its results worded as out of date.
      #expect(answer.contains(index == .stale ? "out of date" : "unavailable"))
      #expect(answer.contains(index == .stale ? "from the reference corpus" : "did not run"), "\(question): \(answer)")
      for banned in ["no beans found", "nothing was found", "no matches", "found nothing", "no bean in the reference corpus"] {
        #expect(!answer.contains(banned), "\(question): \(answer)")
      }
    }
    let ran = try await ask("an anaerobic dark roast from Yemen")
    #expect(ran.response.content.contains("No bean in the reference corpus matches"))
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

@Suite("Moka answers that answer")
struct MokaAnswerQualityTests {
  func ask(_ question: String, _ configure: (inout MokaData) -> Void = { _ in }) async throws -> String {
    var data = try MokaFixtures.data()
    data.location = (45.0703, 7.6869)
    configure(&data)
    let assistant = MokaAssistant(data: data)
    return try await assistant.chat(model: try assistant.rulesModel).send(question).response.content
  }

  @Test func constraintsAreHonouredOrNamed() async throws {
    #expect(try await ask("I'd like a decaf for the evening").contains("Decaf"))
    let australia = try await ask("Any beans from Australia?")
    #expect(australia.contains("no bean") && !australia.contains("Ethiopia"))
    let price = try await ask("Chocolatey, nutty beans under 15 euros")
    #expect(price.contains("no prices"))
  }

  @Test func brewingProblemsAreMatchedByMeaningNotOrder() async throws {
    #expect(try await ask("Water is leaking out between the top and bottom").contains("gasket"))
    #expect(try await ask("Nothing comes out, it just hisses and steam comes out of the safety valve").hasPrefix("Safety first"))
  }

  @Test func cupboardQuestionsAreComputed() async throws {
    #expect(try await ask("How much coffee do I have left in total?").contains("1191 g"))
    #expect(try await ask("Which bag is the oldest?").contains("Santos"))
    #expect(try await ask("enough Mandheling for one more 3-cup pot?").contains("not enough"))
  }

  @Test func aMissingFileIsNamedAndOnlyItsQuestionsAreUnavailable() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moka-missing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["beans.json", "cafes.json"] {
      try FileManager.default.copyItem(at: BundledFixtures.url(name)!, to: directory.appendingPathComponent(name))
    }
    let data = MokaData.load(from: directory, now: MokaData.date("2026-11-29T09:30")!)
    #expect(data.unavailable[.cupboard]?.contains("cupboard.json") == true)
    let assistant = MokaAssistant(data: data)
    let bags = try await assistant.chat(model: try assistant.rulesModel).send("what's in my cupboard?").response.content
    #expect(bags.contains("unavailable") && bags.contains("cupboard.json"))
    let beans = try await assistant.chat(model: try assistant.rulesModel).send("beans from Kenya").response.content
    #expect(beans.contains("Kenya") && !beans.contains("unavailable"))
  }

  @Test func followUpsResolveAgainstEarlierResults() async throws {
    let assistant = MokaAssistant(data: try MokaFixtures.data())
    let chat = try assistant.chat(model: try assistant.rulesModel)
    _ = try await chat.send("fruity beans please")
    let cheapest = try await chat.send("which of those is cheapest?")
    #expect(cheapest.response.content.contains("no prices"))
    _ = try await chat.send("show me beans from Sumatra")
    let owned = try await chat.send("how much of it do I have?")
    let call = try #require(owned.response.toolCalls.first)
    #expect(call.toolName == "cupboard")
    #expect(call.arguments.jsonString.contains("Mandheling"))
  }

  @Test func datesOutOfRangeAreRejected() {
    #expect(MokaData.date("2026-13-45") == nil)
    #expect(MokaData.date("2026-02-30") == nil)
    #expect(MokaData.date("2026-11-29T25:00") == nil)
    #expect(MokaData.date("2026-11-29T09:30") != nil)
  }

  @Test func openingHoursUseTheCafesOwnTimeZone() {
    // 09:30 UTC on a Sunday is 10:30 in Turin.
    let local = NearbyCafesTool.localTime(MokaData.date("2026-11-29T09:30")!, in: "Europe/Rome")
    #expect(local.weekday == "sun" && local.minutes == 10 * 60 + 30)
  }
}
