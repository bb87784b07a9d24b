import Foundation
import Ristretto
import RistrettoTesting
import Testing

struct Weather: Tool {
  let name = "weather"
  let description = "Today's weather in a city."
  struct Arguments: GenerableObject {
    var city: String
    static let properties = GenerableProperties<Arguments> { GenerableProperty("city", \.city, description: "City name") }
    init(_ content: GeneratedContent) throws { city = try content.value(forProperty: "city") }
  }
  struct Output: GenerableObject {
    enum Status: String, CaseIterable, Generable { case ok, cityUnknown }
    var status: Status
    var celsius: Int?
    static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("celsius", \.celsius)
    }
    init(status: Status, celsius: Int?) { (self.status, self.celsius) = (status, celsius) }
    init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      celsius = try content.value(forProperty: "celsius")
    }
  }
  func call(arguments: Arguments) async throws -> Output {
    arguments.city == "Turin" ? Output(status: .ok, celsius: 14) : Output(status: .cityUnknown, celsius: nil)
  }
}

struct Clock: Tool {
  let name = "clock"
  let description = "The current time."
  typealias Arguments = GeneratedContent
  var parameters: GenerationSchema { GenerationSchema(root: .object(name: "None", properties: [])) }
  func call(arguments: GeneratedContent) async throws -> String { "09:30" }
}

struct Broken: Tool {
  struct Failure: Error {}
  let name = "broken"
  let description = "Always fails."
  typealias Arguments = GeneratedContent
  var parameters: GenerationSchema { GenerationSchema(root: .object(name: "None", properties: [])) }
  func call(arguments: GeneratedContent) async throws -> String { throw Failure() }
}

@Suite("LanguageModelSession")
struct SessionTests {
  @Test func toolLoopWithTypedArgumentsAndOutputs() async throws {
    let model = FakeModel.scripted([
      .toolCalls([("weather", GeneratedContent(properties: ["city": "Turin"])), ("clock", GeneratedContent(properties: [:]))]),
      .reply("It is 14 °C at 09:30."),
    ])
    let spy = ToolSpy(Weather())
    let session = LanguageModelSession(model: model, tools: [spy, Clock()], instructions: "Be brief.")
    let response = try await session.respond(to: "Weather?")
    #expect(response.content == "It is 14 °C at 09:30.")
    #expect(await spy.calls.map(\.city) == ["Turin"])
    #expect(response.toolCalls.map(\.toolName) == ["weather", "clock"])
    let weather = try GeneratedContent(json: #"{"status":"ok","celsius":14}"#)
    guard case .structure(let segment)? = response.toolOutputs.first?.segments.first else {
      Issue.record("the weather tool's output is not structured")
      return
    }
    #expect(segment.content == weather)
    #expect(response.toolOutputs.last?.segments == [.text("09:30")])
    #expect(model.requests.count == 2)
    let second = model.requests[1].transcript.entries
    #expect(second.count == 5)  // instructions, prompt, toolCalls, two outputs
    #expect(session.transcript.entries.count == 6)
  }

  @Test func modelSeesExactlyItsToolsAndInstructions() async throws {
    let model = FakeModel.fixed("ok")
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Moka pots only.")
    _ = try await session.respond(to: "Hi")
    let request = try #require(model.requests.first)
    #expect(request.tools.map(\.name) == ["weather"])
    #expect(request.transcript.instructions?.segments == [.text("Moka pots only.")])
    let rendered = model.render(request).text
    #expect(
      rendered.hasPrefix("<|im_start|>system\nMoka pots only.\nTools:\nweather(city City name) Today's weather in a city."))
    #expect(rendered.hasSuffix("<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"))
  }

  @Test func invalidArgumentsFailTypedAndLeaveTranscript() async throws {
    let model = FakeModel.scripted([.toolCall("weather", arguments: GeneratedContent(properties: ["town": "Turin"]))])
    let session = LanguageModelSession(model: model, tools: [Weather()])
    let before = session.transcript
    await #expect {
      try await session.respond(to: "Weather?")
    } throws: { error in
      guard case LanguageModelSession.GenerationError.invalidToolArguments("weather", let reason, 3) = error else {
        return false
      }
      return reason.contains("town")
    }
    #expect(session.transcript == before)
    #expect(!session.isResponding)
  }

  @Test func throwingToolGivesToolCallErrorAndUnchangedTranscript() async throws {
    let model = FakeModel.scripted([.toolCall("broken", arguments: GeneratedContent(properties: [:]))])
    let session = LanguageModelSession(model: model, tools: [Broken()])
    _ = try? await LanguageModelSession(model: FakeModel.fixed("x")).respond(to: "warm")
    let before = session.transcript
    await #expect {
      try await session.respond(to: "Go")
    } throws: { error in
      guard let failure = error as? ToolCallError else { return false }
      return failure.tool.name == "broken" && failure.underlyingError is Broken.Failure
    }
    #expect(session.transcript == before)
  }

  @Test func unknownToolAndLoopLimit() async throws {
    let unknown = LanguageModelSession(model: FakeModel.scripted([.toolCall("nope", arguments: .null)]))
    await #expect(throws: LanguageModelSession.GenerationError.unknownTool("nope")) { try await unknown.respond(to: "x") }
    let looping = LanguageModelSession(
      model: FakeModel.scripted([.toolCall("clock", arguments: GeneratedContent(properties: [:]))]), tools: [Clock()],
      maximumToolRounds: 3)
    await #expect(throws: LanguageModelSession.GenerationError.toolLoopLimit(rounds: 3)) { try await looping.respond(to: "x") }
    #expect(looping.transcript.entries.count == 1)
  }

  @Test func concurrentRequestsAreRefused() async throws {
    let session = LanguageModelSession(model: FakeModel.scripted([.stall(after: [.text("a")])]))
    let first = Task { try await session.respond(to: "one") }
    while !session.isResponding { await Task.yield() }
    await #expect(throws: LanguageModelSession.GenerationError.concurrentRequests) { try await session.respond(to: "two") }
    first.cancel()
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(!session.isResponding)
  }

  @Test func cancellationStopsAndKeepsTranscript() async throws {
    let model = FakeModel.scripted([.stall(after: [.text("word ")])])
    let session = LanguageModelSession(model: model)
    let before = session.transcript
    let task = Task { try await session.respond(to: "Talk") }
    while model.requests.isEmpty { await Task.yield() }
    task.cancel()
    // The model never finishes by itself, so the request ends only because it was cancelled.
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(session.transcript == before)
    #expect(!session.isResponding)
  }

  @Test func streamingSnapshotsAreCumulative() async throws {
    let session = LanguageModelSession(model: FakeModel.fixed("one two three"))
    var snapshots: [String] = []
    let stream = session.streamResponse(to: "Count")
    for try await snapshot in stream { snapshots.append(snapshot.content) }
    #expect(snapshots == ["one ", "one two ", "one two three"])
    #expect(try await stream.collect().content == "one two three")
  }

  @Test func streamingGenerableSnapshots() async throws {
    let json = #"{"status":"ok","celsius":14}"#
    let session = LanguageModelSession(model: FakeModel.scripted([.json(json)]))
    var raws: [String] = []
    var decoded = 0
    for try await snapshot in session.streamResponse(to: "Weather", generating: Weather.Output.self) {
      raws.append(snapshot.rawContent.jsonString)
      if snapshot.content != nil { decoded += 1 }
    }
    #expect(raws.last == json)
    #expect(raws.count > 3)
    #expect(decoded >= 1)
  }

  @Test func typedResponsesAreValidated() async throws {
    let good = LanguageModelSession(model: FakeModel.scripted([.json(#"{"status":"cityUnknown"}"#)]))
    let output = try await good.respond(to: "x", generating: Weather.Output.self)
    #expect(output.content.status == .cityUnknown)
    let bad = LanguageModelSession(model: FakeModel.scripted([.json(#"{"status":"sunny"}"#)]))
    await #expect(throws: LanguageModelSession.GenerationError.self) {
      try await bad.respond(to: "x", generating: Weather.Output.self)
    }
    #expect(bad.transcript.entries.count == 1)
  }

  @Test func transcriptCodableRoundTripAndRestore() async throws {
    let model = FakeModel.scripted([
      .toolCall("weather", arguments: GeneratedContent(properties: ["city": "Turin"])), .reply("14 °C"),
    ])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Be brief.")
    _ = try await session.respond(to: "Weather?")
    let data = try JSONEncoder().encode(session.transcript)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""type":"Ristretto.Transcript""#))
    let decoded = try JSONDecoder().decode(Transcript.self, from: data)
    #expect(decoded == session.transcript)
    let restored = LanguageModelSession(model: FakeModel.fixed("again"), tools: [Weather()], transcript: decoded)
    _ = try await restored.respond(to: "More?")
    #expect(restored.transcript.entries.count == session.transcript.entries.count + 2)
  }

  @Test func unavailableModelThrowsTypedError() async {
    var model = FakeModel.fixed("x")
    model.availability = .unavailable(.loadFailed("no weights"))
    let session = LanguageModelSession(model: model)
    await #expect(throws: LanguageModelSession.GenerationError.modelUnavailable(.loadFailed("no weights"))) {
      try await session.respond(to: "x")
    }
  }

  /// Each message carries the facts of its case (names, paths, figures), not a generic line.
  @Test func everyErrorDescribesItself() {
    typealias G = LanguageModelSession.GenerationError
    let context = G.Context(debugDescription: "ctx-detail")
    let cases: [(any LocalizedError, [String])] = [
      (G.concurrentRequests, ["already responding"]),
      (G.exceededContextWindowSize(contextSize: 1024, tokenCount: 2048), ["2048", "1024"]),
      (G.toolLoopLimit(rounds: 7), ["7 rounds"]), (G.unknownTool("kettle"), ["'kettle'"]),
      (G.decodingFailure("bad-json"), ["bad-json"]), (G.modelUnavailable(.modelFileMissing(path: "/m.gguf")), ["/m.gguf"]),
      (G.unsupportedGuide("pattern-x"), ["pattern-x"]),
      (G.invalidToolArguments(tool: "repot", reason: "arguments.liters: 80", attempts: 3), ["'repot'", "80", "3 times"]),
      (G.guardrailViolation(context), ["ctx-detail"]), (G.rateLimited(context), ["ctx-detail"]),
      (SchemaError.emptyRange(path: "limits.max"), ["limits.max"]),
      (GeneratedContentError.missingProperty(path: "bag.name"), ["bag.name"]),
      (RoutingConfigurationError.unknownTool(name: "wether", specialty: "sky", available: ["weather"]), ["'wether'", "'sky'"]),
    ]
    for (error, facts) in cases {
      let text = error.errorDescription ?? ""
      for fact in facts { #expect(text.contains(fact), "\(text) lacks \(fact)") }
    }
  }
}
