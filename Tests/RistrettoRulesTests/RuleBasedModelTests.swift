import Foundation
import Ristretto
import Testing

@testable import RistrettoRules

struct Order: Tool {
  let name = "order"
  let description = "Order beans."
  struct Arguments: GenerableObject {
    enum Roast: String, CaseIterable, Generable { case light, medium, dark }
    var roast: Roast
    var bags: Int
    static let properties = GenerableProperties<Arguments> {
      GenerableProperty("roast", \.roast)
      GenerableProperty("bags", \.bags, .range(1...5))
    }
    init(_ content: GeneratedContent) throws {
      roast = try content.value(forProperty: "roast")
      bags = try content.value(forProperty: "bags")
    }
  }
  func call(arguments: Arguments) async throws -> String { "ordered \(arguments.bags) \(arguments.roast.rawValue)" }
}

struct Index: Tool {
  let name = "index"
  let description = "Search."
  let status: String
  typealias Arguments = GeneratedContent
  var parameters: GenerationSchema { GenerationSchema(root: .object(name: "None", properties: [])) }
  func call(arguments: GeneratedContent) async throws -> GeneratedContent { GeneratedContent(properties: ["status": status]) }
}

func book(proposal: GeneratedContent) -> RuleBook {
  RuleBook(
    classifier: Classifier(phrases: ["a": ["apple"], "b": ["banana", "berry"]]),
    toolRules: [
      ToolRule(tool: "order", triggers: ["order"]) { _ in proposal },
      ToolRule(tool: "index", triggers: ["search"]) { _ in GeneratedContent(properties: [:]) },
    ],
    answer: { results, _, _ in .reply("Done: " + results.map { $0.output.jsonString }.joined(separator: ", ")) },
    reply: { _, _, _ in "Hello." }, statusProperty: "status",
    statusDidNotRun: { $0.hasSuffix("Unavailable") || $0 == "indexStale" })
}

@Suite("RuleBasedModel")
struct RuleBasedModelTests {
  let tokenizer = ApproximateTokenizer()

  @Test func outOfSchemaProposalsAreSteeredDuringGeneration() async throws {
    let model = RuleBasedModel(
      rules: book(proposal: GeneratedContent(properties: ["roast": "blonde", "bags": 7])), tokenizer: tokenizer)
    let session = LanguageModelSession(model: model, tools: [Order()])
    let response = try await session.respond(to: "order some beans")
    let call = try #require(response.toolCalls.first)
    #expect(call.arguments.jsonString == #"{"roast":"light","bags":5}"#)
    #expect(response.content.contains("ordered 5 light"))
  }

  @Test func theAppsFirstToolIsCalledBeforeTheBestScoringOne() async throws {
    var rules = book(proposal: GeneratedContent(properties: ["roast": "dark", "bags": 1]))
    rules.firstTool = { question, _ in question.matches(Phrase("first", fuzzy: false)) ? "index" : nil }
    let model = RuleBasedModel(rules: rules, tokenizer: tokenizer)
    let scored = try await LanguageModelSession(model: model, tools: [Order(), Index(status: "ok")]).respond(to: "order beans")
    #expect(scored.toolCalls.first?.toolName == "order")
    let first = try await LanguageModelSession(model: model, tools: [Order(), Index(status: "ok")])
      .respond(to: "order beans, but search first")
    #expect(first.toolCalls.first?.toolName == "index")
    // A first tool the request does not offer leaves the choice to the scores.
    let offered = try await LanguageModelSession(model: model, tools: [Order()]).respond(to: "order beans, but search first")
    #expect(offered.toolCalls.first?.toolName == "order")
  }

  @Test func steeringFillsMissingRequiredValues() throws {
    let (content, text) = try SchemaSteering.steer(.null, into: Order.Arguments.generationSchema)
    #expect(text == #"{"roast":"light","bags":1}"#)
    try validate(content, against: Order.Arguments.generationSchema)
    #expect(SchemaSteering.closest(to: "drak", in: ["light", "medium", "dark"]) == "dark")
  }

  @Test func classifierAnswersEnumsAndIsUnsureWithoutSignal() async throws {
    let model = RuleBasedModel(rules: book(proposal: .null), tokenizer: tokenizer)
    let schema = GenerationSchema(root: .stringEnum(["a", "b", "unsure"]))
    let session = LanguageModelSession(model: model)
    #expect(try await session.respond(to: "a banana please", schema: schema).content.jsonString == #""b""#)
    let unsure = LanguageModelSession(model: model)
    #expect(try await unsure.respond(to: "nothing relevant", schema: schema).content.jsonString == #""unsure""#)
  }

  @Test func statusRuleReportsDidNotRunAsUnavailable() async throws {
    let model = RuleBasedModel(rules: book(proposal: .null), tokenizer: tokenizer)
    for status in ["indexUnavailable", "indexStale", "offlineUnavailable"] {
      let session = LanguageModelSession(model: model, tools: [Index(status: status)])
      let answer = try await session.respond(to: "search beans").content
      #expect(answer.contains("unavailable"))
      #expect(!answer.lowercased().contains("nothing found"))
      #expect(!answer.contains("Done"))
    }
    let ran = LanguageModelSession(model: model, tools: [Index(status: "noMatchesInIndex")])
    #expect(try await ran.respond(to: "search beans").content.contains("noMatchesInIndex"))
  }

  @Test func sameInputGivesSameBytes() async throws {
    var outputs: [String] = []
    for _ in 0..<2 {
      let model = RuleBasedModel(
        rules: book(proposal: GeneratedContent(properties: ["roast": "dark", "bags": 2])), tokenizer: tokenizer)
      let session = LanguageModelSession(model: model, tools: [Order()])
      _ = try await session.respond(to: "order please")
      _ = try await session.respond(to: "hello")
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      outputs.append(String(decoding: try encoder.encode(session.transcript), as: UTF8.self))
    }
    #expect(outputs[0] == outputs[1])
  }

  @Test func utteranceMatchingForgivesTypos() {
    let utterance = Utterance("Wher can I by a 6-cup moka pot? Café!")
    #expect(utterance.words == ["wher", "can", "i", "by", "a", "6", "cup", "moka", "pot", "cafe"])
    #expect(utterance.matches("cafe"))
    #expect(utterance.matches(Phrase("moka pot")))
    #expect(Utterance("wich recomend beans").matches("recommend"))
    #expect(!Utterance("begginer").matches("beginner"))
    #expect(!Utterance("bean").matches("brew"))
    #expect(Utterance("roasted").matches("roast*"))
    #expect(utterance.firstNumber == 6)
  }
}

@Suite("RuleBasedModel on hostile schemas")
struct RuleBasedHostileSchemaTests {
  @Test func aPatternTheSteeringCannotCompleteIsATypedErrorNotACrash() throws {
    let schema = GenerationSchema(root: .string(pattern: "(abcdefghij){40}"))
    #expect(throws: GenerationError.self) {
      _ = try SchemaSteering.steer(GeneratedContent(kind: .string("short")), into: schema)
    }
  }

  @Test func ruleContextHoldsEarlierQuestionsResultsAndAnswers() {
    let call = Transcript.ToolCall(id: "c1", toolName: "clock", arguments: GeneratedContent(properties: ["zone": "UTC"]))
    let transcript = Transcript(entries: [
      .prompt(Transcript.Prompt(id: "p1", segments: [.text("What time is it?")])),
      .toolCalls(Transcript.ToolCalls(id: "t1", calls: [call])),
      .toolOutput(Transcript.ToolOutput(id: "c1", toolName: "clock", segments: [.text("10:30")])),
      .response(Transcript.Response(id: "r1", segments: [.text("It is 10:30.")])),
      .prompt(Transcript.Prompt(id: "p2", segments: [.text("And in Tokyo?")])),
    ])
    let context = RuleContext(transcript: transcript)
    #expect(context.earlierQuestions == ["What time is it?"])
    #expect(context.earlierResults.map(\.tool) == ["clock"])
    #expect(context.earlierResults.first?.arguments == GeneratedContent(properties: ["zone": "UTC"]))
    #expect(context.earlierAnswers == ["It is 10:30."])
  }
}

@Suite("RuleBasedModel knowledge and two-part answers")
struct RuleBasedModelStepsTests {
  let tokenizer = ApproximateTokenizer()

  @Test func knowledgeRepliesBeforeAnyToolRule() async throws {
    var rules = book(proposal: GeneratedContent(properties: ["roast": "dark", "bags": 1]))
    rules.knowledge = { question, _ in question.matches("what is") ? "A roast is heat applied to green beans." : nil }
    let model = RuleBasedModel(rules: rules, tokenizer: tokenizer)
    let known = try await LanguageModelSession(model: model, tools: [Order()]).respond(to: "what is a roast? order talk")
    #expect(known.toolCalls.isEmpty)
    #expect(known.content == "A roast is heat applied to green beans.")
    let ordered = try await LanguageModelSession(model: model, tools: [Order()]).respond(to: "order a dark roast")
    #expect(ordered.toolCalls.map(\.toolName) == ["order"])
  }

  @Test func callOrReplyCallsTheSecondToolOnlyWhenOffered() async throws {
    var rules = book(proposal: GeneratedContent(properties: ["roast": "dark", "bags": 2]))
    rules.answer = { results, _, _ in
      let text = "Done: " + results.map(\.tool).joined(separator: ", ")
      return .callOrReply(tool: "index", arguments: GeneratedContent(properties: [:]), reply: text)
    }
    let model = RuleBasedModel(rules: rules, tokenizer: tokenizer)
    let both = try await LanguageModelSession(model: model, tools: [Order(), Index(status: "ok")]).respond(to: "order beans")
    #expect(both.toolCalls.map(\.toolName) == ["order", "index"])
    #expect(both.content == "Done: order, index")
    // Without the index tool, the reply is the text of what ran.
    let one = try await LanguageModelSession(model: model, tools: [Order()]).respond(to: "order beans")
    #expect(one.toolCalls.map(\.toolName) == ["order"])
    #expect(one.content == "Done: order")
  }

  @Test func aToolRunsAgainOnlyWithOtherArgumentsAndAtMostFourTimesATurn() async throws {
    var rules = book(proposal: GeneratedContent(properties: ["roast": "dark", "bags": 1]))
    // Asks for another order of one more bag after each: new arguments every time, without end.
    rules.answer = { results, _, _ in
      .call(tool: "order", arguments: GeneratedContent(properties: ["roast": "dark", "bags": results.count + 1]))
    }
    let model = RuleBasedModel(rules: rules, tokenizer: tokenizer)
    let orders = try await LanguageModelSession(model: model, tools: [Order()]).respond(to: "order beans")
    #expect(orders.toolCalls.count == RuleBasedModel.maxCallsPerTurn)
    #expect(orders.toolCalls.map { $0.arguments.jsonString }.last?.contains("\"bags\":4") == true)
    // The same arguments again are never a second call.
    rules.answer = { _, _, _ in .call(tool: "order", arguments: GeneratedContent(properties: ["roast": "dark", "bags": 1])) }
    let once = try await LanguageModelSession(model: RuleBasedModel(rules: rules, tokenizer: tokenizer), tools: [Order()])
      .respond(to: "order beans")
    #expect(once.toolCalls.count == 1)
  }

  @Test func ruleContextNumbersEachResultByItsTurn() {
    func call(_ id: String) -> Transcript.ToolCall {
      Transcript.ToolCall(id: id, toolName: "clock", arguments: GeneratedContent(properties: [:]))
    }
    func output(_ id: String) -> Transcript.Entry {
      .toolOutput(Transcript.ToolOutput(id: id, toolName: "clock", segments: [.text("10:30")]))
    }
    let transcript = Transcript(entries: [
      .prompt(Transcript.Prompt(id: "p1", segments: [.text("What time is it?")])),
      .toolCalls(Transcript.ToolCalls(id: "t1", calls: [call("c1")])), output("c1"),
      .toolCalls(Transcript.ToolCalls(id: "t2", calls: [call("c2")])), output("c2"),
      .prompt(Transcript.Prompt(id: "p2", segments: [.text("And now?")])),
      .toolCalls(Transcript.ToolCalls(id: "t3", calls: [call("c3")])), output("c3"),
      .prompt(Transcript.Prompt(id: "p3", segments: [.text("And in Tokyo?")])),
    ])
    #expect(RuleContext(transcript: transcript).earlierResults.map(\.turn) == [0, 0, 1])
  }
}
