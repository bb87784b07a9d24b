import Foundation
import Ristretto
import RistrettoTesting
import Testing

/// A backend whose router answers come from `routes` in turn and whose answers are "ok".
private func deskModel(_ routes: [FakeModel.Step]) -> FakeModel {
  let counter = Counter()
  return FakeModel { request, _ in
    guard request.responseSchema == Router<Desk>.schema else { return .reply("ok") }
    return routes[min(counter.next(), routes.count - 1)]
  }
}

private final class Counter: Sendable {
  private let value = LockedValue(0)
  func next() -> Int {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}

@Suite("SpecialistChat across turns")
struct SpecialistChatTests {
  func chat(_ model: FakeModel) throws -> SpecialistChat<Desk> {
    try SpecialistChat<Desk>(
      model: model, router: Router(model: model), toolbox: [Weather(), Clock()], instructions: deskInstructions)
  }

  @Test func aTurnThatNeedsAnotherSpecialistSwitchesAndKeepsTheHistory() async throws {
    let model = deskModel([.route(Desk.weather), .route(Desk.time)])
    let chat = try chat(model)
    let first = try await chat.send("Is it cold?")
    #expect(first.specialty == .weather && first.switchedFrom == nil)
    let second = try await chat.send("And what time is it there?")
    #expect(second.specialty == .time && second.switchedFrom == .weather)
    let last = try #require(model.requests.last)
    #expect(last.tools.map(\.name) == ["clock"])
    #expect(last.transcript.entries.count == 4)  // instructions, first prompt, first answer, new prompt
  }

  @Test func theChatsToolDelegateDecidesEveryTurnsCalls() async throws {
    let counter = Counter()
    let model = FakeModel { request, _ in
      if request.responseSchema == Router<Desk>.schema { return .route(Desk.weather) }
      return counter.next() == 0 ? .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])) : .reply("ok")
    }
    let chat = try chat(model)
    chat.toolExecutionDelegate = DenyAll()
    _ = try await chat.send("Is it cold in Turin?")
    let outputs = chat.transcript.entries.compactMap { entry -> String? in
      guard case .toolOutput(let output) = entry, case .text(let text)? = output.segments.first else { return nil }
      return text.content
    }
    #expect(outputs == ["Error: The app did not allow this call to weather: offline"])
    #expect(chat.makeSession(for: .weather, transcript: nil).toolExecutionDelegate is DenyAll)
  }

  @Test func aFollowUpTheCurrentSpecialistFitsStays() async throws {
    // Unsure on a follow-up ("which of those?") keeps the specialist.
    let unsure = deskModel([.route(Desk.weather), .routeUnsure])
    let chat = try chat(unsure)
    _ = try await chat.send("Is it cold?")
    let followUp = try await chat.send("And the day after?")
    #expect(followUp.specialty == .weather && followUp.switchedFrom == nil)
    // On the fallback, an unsure follow-up stays there too.
    let undecided = deskModel([.routeUnsure, .routeUnsure])
    let stays = try self.chat(undecided)
    _ = try await stays.send("hello")
    #expect(try await stays.send("and then?").specialty == .general)
  }

  @Test func aWeakPickOfTheFallbackKeepsTheSpecialist() async throws {
    // The catch-all chosen at low confidence is no reason to leave the current desk; chosen surely, it is.
    let weak = GenerationEvent.confidence(0.5)
    let sure = GenerationEvent.confidence(0.9)
    let model = deskModel([
      .route(Desk.weather), .events([.text("\"general\""), weak]), .events([.text("\"general\""), sure]),
    ])
    let chat = try chat(model)
    _ = try await chat.send("Is it cold?")
    let stays = try await chat.send("and do they sell umbrellas?")
    #expect(stays.specialty == .weather && stays.switchedFrom == nil)
    let moves = try await chat.send("tell me something else entirely")
    #expect(moves.specialty == .general && moves.switchedFrom == .weather)
    #expect(chat.fallbackSwitchConfidence == 0.75)
  }

  @Test func aConfidentPickMovesAConversationOffTheFallback() async throws {
    // The fallback holds every tool; once a turn has a specialist, the conversation moves there
    // and carries only that specialist's tools.
    let model = deskModel([.routeUnsure, .route(Desk.time)])
    let chat = try chat(model)
    _ = try await chat.send("hello")
    #expect(try #require(model.requests.last).tools.count == 2)
    let reply = try await chat.send("what time is it?")
    #expect(reply.specialty == .time && reply.switchedFrom == .general)
    #expect(try #require(model.requests.last).tools.map(\.name) == ["clock"])
  }

  @Test func aMessageThatCanNeverFitIsRefusedBeforeRouting() async throws {
    let model = deskModel([.route(Desk.weather)])
    let chat = try chat(model)
    let megabyte = String(repeating: "moka ", count: 1 << 18)
    await #expect {
      try await chat.send(megabyte)
    } throws: { error in
      guard case GenerationError.exceededContextWindowSize(let context) = error else { return false }
      return context.contextSize == 4096 && context.tokenCount ?? 0 > 4096
    }
    // Neither the router nor a specialist saw it, and the conversation is as it was.
    #expect(model.requests.isEmpty)
    #expect(chat.specialty == nil && chat.routingDecision == nil)
    #expect(chat.transcript.entries.count == 1)
  }

  @Test func twoFirstMessagesDoNotBothRoute() async throws {
    let model = FakeModel { request, _ in
      request.responseSchema != nil ? .stall(after: []) : .reply("ok")
    }
    let chat = try chat(model)
    let first = Task { try await chat.send("one") }
    while model.requests.isEmpty { await Task.yield() }
    await #expect(throws: LanguageModelSession.GenerationError.concurrentRequests) { try await chat.send("two") }
    #expect(model.requests.count == 1)
    first.cancel()
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(chat.specialty == nil)
    #expect(chat.transcript.entries.count == 1)
  }

  @Test func aFailedTurnLeavesSpecialtyAndTranscript() async throws {
    struct Broken: Error {}
    let model = FakeModel { request, index in
      if request.responseSchema != nil { return index == 0 ? .route(Desk.weather) : .route(Desk.time) }
      return index < 2 ? .reply("ok") : .fail(Broken())
    }
    let chat = try chat(model)
    _ = try await chat.send("Is it cold?")
    let before = chat.transcript
    await #expect(throws: Broken.self) { try await chat.send("What time is it?") }
    #expect(chat.specialty == .weather)
    #expect(chat.transcript == before)
  }

  @Test func typedAnswersThroughTheChat() async throws {
    struct Verdict: GenerableObject, Decodable {
      var cold: Bool
      static let properties = GenerableProperties<Verdict> { GenerableProperty(\.cold) }
    }
    let model = FakeModel { request, _ in
      request.responseSchema == Router<Desk>.schema ? .route(Desk.weather) : .json(#"{"cold":true}"#)
    }
    let reply = try await chat(model).send("Is it cold?", generating: Verdict.self)
    #expect(reply.response.content.cold)
    #expect(reply.specialty == .weather)
  }

  @Test func unknownToolNamesAreRefusedWhenTheChatIsMade() throws {
    let typo = InstructionSet(core: "", briefings: [.init(name: "weather", text: "…", tools: ["wether"])])
    #expect(
      throws: RoutingConfigurationError.unknownBriefingTool(name: "wether", briefing: "weather", available: ["weather", "clock"])
    ) {
      _ = try SpecialistChat<Desk>(
        model: FakeModel.fixed(""), router: Router(model: FakeModel.fixed("")), toolbox: [Weather(), Clock()], instructions: typo)
    }
    #expect(throws: RoutingConfigurationError.unknownTool(name: "clock", specialty: "time", available: ["weather"])) {
      _ = try SpecialtyBudget<Desk>(
        model: FakeModel.fixed(""), toolbox: [Weather()], instructions: InstructionSet(core: "", briefings: []))
    }
    #expect(throws: RoutingConfigurationError.duplicateTool(name: "weather")) {
      try Desk.validate(toolbox: [Weather(), Weather()], instructions: deskInstructions)
    }
  }
}

/// Denies every tool call.
private struct DenyAll: ToolExecutionDelegate {
  func toolCallWillRun(_ call: Transcript.ToolCall, tool: any Tool) async -> ToolCallDecision { .deny(reason: "offline") }
}

/// A backend that records what it is asked to prewarm.
private struct PrewarmRecorder: LanguageModel {
  let base = FakeModel { _, _ in .reply("ok") }
  let warmed = LockedValue<[GenerationRequest]>([])
  var tokenizer: any Tokenizer { base.tokenizer }
  var markupTexts: [String] { base.markupTexts }
  func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> { base.generate(request) }
  func prewarm(_ request: GenerationRequest) async { warmed.withLock { $0.append(request) } }
}

@Suite("SpecialistChat warm-up")
struct SpecialistChatWarmUpTests {
  @Test func warmUpPrewarmsEachSpecialistsInstructionsAndTools() async throws {
    let model = PrewarmRecorder()
    let toolbox: [any Tool] = [Weather(), Clock()]
    let chat = try SpecialistChat<Desk>(
      model: model, router: Router(model: model), toolbox: toolbox, instructions: deskInstructions)
    await chat.warmUp()
    let warmed = model.warmed.withLock { $0 }
    #expect(warmed.map { $0.tools.map(\.name) } == Desk.allCases.map { $0.tools(from: toolbox).map(\.name) })
    #expect(warmed.map(\.tools.count) == [1, 1, 2])
    #expect(warmed.allSatisfy { $0.transcript.entries.count == 1 }, "only the instructions entry, no history")
    await chat.warmUp([.time])
    #expect(model.warmed.withLock { $0.count } == 4)
    #expect(chat.transcript.entries.count <= 1, "warming leaves the conversation as it was")
  }
}
