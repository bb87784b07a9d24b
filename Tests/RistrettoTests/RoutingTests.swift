import Foundation
import Ristretto
import RistrettoTesting
import Testing

enum Desk: String, Specialty {
  case weather, time, general
  static let fallback = Desk.general
  var routingDescription: String {
    switch self {
    case .weather: "forecasts and temperatures"
    case .time: "clocks and hours"
    case .general: "anything else"
    }
  }
  var toolNames: [String] {
    switch self {
    case .weather: ["weather"]
    case .time: ["clock"]
    case .general: []
    }
  }
}

let deskInstructions = InstructionSet(
  core: "Be brief.",
  briefings: [
    .init(name: "weather", text: "Use weather for temperatures.", tools: ["weather"]),
    .init(name: "clock", text: "Use clock for the time.", tools: ["clock"]),
  ])

@Suite("Routing")
struct RoutingTests {
  @Test(arguments: [Desk.weather, .time, .general])
  func routesToEachCase(_ desk: Desk) async throws {
    let decision = try await Router<Desk>(model: FakeModel.scripted([.route(desk)])).route("q")
    #expect(decision.specialty == desk)
    #expect(decision.outcome == .chosen(stage: nil))
  }

  @Test func unsureFallsBack() async throws {
    let decision = try await Router<Desk>(model: FakeModel.scripted([.routeUnsure])).route("q")
    #expect(decision.specialty == .general)
    #expect(decision.outcome == .unsure(stage: nil))
  }

  @Test func failuresFallBackWithReason() async throws {
    struct Down: Error {}
    let thrown = try await Router<Desk>(model: FakeModel.failing(Down())).route("q")
    #expect(thrown.specialty == .general)
    #expect(thrown.failureReason?.contains("routing failed") == true)
    let garbage = try await Router<Desk>(model: FakeModel.scripted([.json(#""banana""#)])).route("q")
    #expect(garbage.specialty == .general)
    #expect(garbage.failureReason?.contains("banana") == true)
  }

  /// Text where the router needs JSON is a script error, not a quiet "unsure".
  @Test func aTextReplyToTheRouterIsAScriptErrorNotUnsure() async throws {
    let decision = try await Router<Desk>(model: FakeModel.fixed("unsure")).route("q")
    #expect(!decision.wasUnsure)
    #expect(decision.failureReason?.contains(".routeUnsure") == true)
  }

  @Test func cancellationPropagatesThroughTheRouter() async throws {
    let model = FakeModel.scripted([.stall(after: [])])
    let task = Task { try await Router<Desk>(model: model).route("q") }
    while model.requests.isEmpty { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func lowConfidenceIsUnsure() async throws {
    let model = FakeModel.scripted([.events([.text(#""time""#), .confidence(0.3)])])
    let decision = try await Router<Desk>(model: model, confidenceThreshold: 0.5).route("q")
    #expect(decision.specialty == .general)
    #expect(decision.wasUnsure)
    #expect(decision.confidence == 0.3)
  }

  @Test func routerIsToolLessAndGuided() async throws {
    let model = FakeModel.scripted([.route(Desk.time)])
    _ = try await Router<Desk>(model: model).route("What time is it?")
    let request = model.requests[0]
    #expect(request.tools.isEmpty)
    #expect(request.responseSchema == Router<Desk>.schema)
    #expect(Router<Desk>.schema.root == .stringEnum(["weather", "time", "general", "unsure"]))
  }

  @Test func cascadeUsesSecondStageOnlyWhenUnsure() async throws {
    let second = FakeModel.scripted([.route(Desk.weather)])
    let sure = CascadeRouter<Desk>([
      ("rules", Router<Desk>(model: FakeModel.scripted([.route(Desk.time)]))), ("model", Router<Desk>(model: second)),
    ])
    let first = try await sure.route("q")
    #expect(first.specialty == .time && first.outcome == .chosen(stage: "rules"))
    #expect(second.requests.isEmpty)
    let unsure = CascadeRouter<Desk>([
      ("rules", Router<Desk>(model: FakeModel.scripted([.routeUnsure]))), ("model", Router<Desk>(model: second)),
    ])
    let decision = try await unsure.route("q")
    #expect(decision.specialty == .weather)
    #expect(decision.outcome == .chosen(stage: "model"))
  }

  @Test func specialistSeesOnlyItsToolsAndBriefings() async throws {
    let model = FakeModel { request, _ in
      request.responseSchema != nil ? .route(Desk.weather) : .reply("ok")
    }
    let chat = try SpecialistChat<Desk>(
      model: model, router: Router(model: model), toolbox: [Weather(), Clock()], instructions: deskInstructions)
    let reply = try await chat.send("Is it cold?")
    #expect(reply.specialty == .weather)
    let request = model.requests[1]
    #expect(request.tools.map(\.name) == ["weather"])
    let text = request.transcript.instructions?.segments.map(\.text).joined(separator: "\n") ?? ""
    #expect(text.contains("Use weather"))
    #expect(!text.contains("clock"))
    _ = try await chat.send("And tomorrow?")
    #expect(model.requests.count == 4)  // every turn is routed, then answered
    #expect(chat.turnUsage.count == 2)
  }

  @Test func fallbackGetsEverything() async throws {
    let model = FakeModel { request, _ in request.responseSchema != nil ? .routeUnsure : .reply("ok") }
    let chat = try SpecialistChat<Desk>(
      model: model, router: Router(model: model), toolbox: [Weather(), Clock()], instructions: deskInstructions)
    _ = try await chat.send("hello")
    #expect(chat.specialty == .general)
    #expect(model.requests[1].tools.map(\.name) == ["weather", "clock"])
  }

  @Test func rerouteKeepsHistory() async throws {
    let model = FakeModel { request, _ in request.responseSchema != nil ? .route(Desk.weather) : .reply("ok") }
    let chat = try SpecialistChat<Desk>(
      model: model, router: Router(model: model), toolbox: [Weather(), Clock()], instructions: deskInstructions,
      routingPolicy: .firstMessage)
    _ = try await chat.send("Is it cold?")
    chat.reroute(to: .time)
    _ = try await chat.send("What time is it?")
    let last = try #require(model.requests.last)
    #expect(last.tools.map(\.name) == ["clock"])
    #expect(last.transcript.entries.count == 4)  // instructions, old prompt, old response, new prompt
    #expect(chat.transcript.entries.count == 5)
  }

  @Test func dynamicProfileSwitchesToolsAndKeepsHistory() async throws {
    let model = FakeModel.fixed("ok")
    let profile = SpecialtyProfile(specialty: Desk.weather, toolbox: [Weather(), Clock()], instructions: deskInstructions)
    let session = LanguageModelSession(model: model, profile: profile)
    _ = try await session.respond(to: "one")
    profile.specialty = .time
    _ = try await session.respond(to: "two")
    #expect(model.requests[0].tools.map(\.name) == ["weather"])
    #expect(model.requests[1].tools.map(\.name) == ["clock"])
    #expect(model.requests[1].transcript.entries.count == 4)
    #expect(session.transcript.entries.count == 5)
  }

  @Test func historyTransformChangesOnlyWhatTheModelSees() async throws {
    let model = FakeModel.fixed("ok")
    let profile = SpecialtyProfile(specialty: Desk.general, toolbox: [], instructions: deskInstructions)
    let session = LanguageModelSession(model: model, profile: profile, historyTransform: { Array($0.suffix(1)) })
    _ = try await session.respond(to: "one")
    _ = try await session.respond(to: "two")
    #expect(model.requests[1].transcript.entries.count == 2)
    #expect(session.transcript.entries.count == 5)
  }

  @Test func budgetCheckFailsLoudly() throws {
    let model = FakeModel(contextSize: 60) { _, _ in .reply("") }
    let budget = try SpecialtyBudget<Desk>(model: model, toolbox: [Weather(), Clock()], instructions: deskInstructions)
    #expect(budget.rows.count == 3)
    #expect(budget.fallback.totalTokens > budget.rows[0].totalTokens)
    #expect(budget.meanSpecialistShare < 1)
    #expect(throws: BudgetError.self) { try budget.check(reserve: 50) }
    let roomy = try SpecialtyBudget<Desk>(
      model: FakeModel { _, _ in .reply("") }, toolbox: [Weather(), Clock()], instructions: deskInstructions)
    try roomy.check(reserve: 1500)
  }
}
