import Foundation
import Ristretto
import Testing

@testable import RistrettoServer

/// A tool for the round trips: today's temperature in a city.
struct Thermometer: Tool {
  let name = "thermometer"
  let description = "Today's temperature in a city."
  struct Arguments: GenerableObject {
    var city: String
    static let properties = GenerableProperties<Arguments> { GenerableProperty("city", \.city, description: "City name") }
    init(_ content: GeneratedContent) throws { city = try content.value(forProperty: "city") }
  }
  func call(arguments: Arguments) async throws -> String { arguments.city == "Turin" ? "14 °C" : "unknown city" }
}

/// The body of a received request, parsed.
func body(_ request: ReceivedRequest) throws -> GeneratedContent { try GeneratedContent(json: request.body) }

@Suite("Served model: answers, streaming, tools, guided JSON")
struct ServerAnswerTests {
  @Test("a plain answer, read whole, with the transcript as OpenAI messages")
  func plainAnswer() async throws {
    let server = try FakeHTTPServer([.json(Completions.message("Grind finer.", promptTokens: 31, completionTokens: 3))])
    let model = ServerLanguageModel(url: server.url, apiKey: nil, streams: false)
    let session = LanguageModelSession(model: model, instructions: "You are a moka-pot assistant.")
    let answer = try await session.respond(to: "Why is my coffee sour?")
    #expect(answer.content == "Grind finer.")
    #expect(answer.usage == Usage(promptTokens: 31, generatedTokens: 3))
    let sent = try body(server.received[0])
    #expect(server.received[0].path == "/v1/chat/completions")
    #expect(server.received[0].headers["authorization"] == nil)
    let messages = try #require(try sent["messages"].map { try $0.elements() })
    #expect(messages.map { $0["role"]?.jsonString } == [#""system""#, #""user""#])
    #expect(messages[1]["content"] == GeneratedContent(kind: .string("Why is my coffee sour?")))
    #expect(sent["stream"] == GeneratedContent(kind: .bool(false)))
    #expect(sent["response_format"] == nil)
  }

  @Test("a streamed answer arrives in pieces, with usage and cached prompt tokens")
  func streamedAnswer() async throws {
    let server = try FakeHTTPServer([.events(Completions.stream(["Fill ", "to the ", "valve."], cached: 12))])
    let model = ServerLanguageModel(url: server.url, apiKey: nil)
    let session = LanguageModelSession(model: model, instructions: "Be brief.")
    var snapshots: [String] = []
    for try await snapshot in session.streamResponse(to: "How much water?") { snapshots.append(snapshot.content) }
    #expect(snapshots.last == "Fill to the valve.")
    #expect(snapshots.count >= 3)
    #expect(try body(server.received[0])["stream"] == GeneratedContent(kind: .bool(true)))
  }

  @Test("generate yields text deltas, then usage with cached tokens")
  func streamedEvents() async throws {
    let server = try FakeHTTPServer([.events(Completions.stream(["a", "b"], cached: 12))])
    let model = ServerLanguageModel(url: server.url, apiKey: nil)
    let events = try await collect(model.generate(request("Hi")))
    #expect(events == [.text("a"), .text("b"), .usage(Usage(promptTokens: 20, cachedPromptTokens: 12, generatedTokens: 5))])
  }

  @Test("a guided tool call round trip through the session")
  func guidedToolRoundTrip() async throws {
    let server = try FakeHTTPServer([
      .events(Completions.stream([#"{"tool":"thermometer","#, #""arguments":{"city":"Turin"}}"#])),
      .events(Completions.stream(["It is 14 °C in Turin."])),
    ])
    let model = ServerLanguageModel(url: server.url, apiKey: nil)
    let session = LanguageModelSession(model: model, tools: [Thermometer()], instructions: "Answer with the tools.")
    let answer = try await session.respond(to: "How warm is Turin?")
    #expect(answer.content == "It is 14 °C in Turin.")
    let first = try body(server.received[0])
    let format = try #require(first["response_format"])
    #expect(format["type"]?.string == "json_schema")
    #expect(format["json_schema"]?["name"]?.string == "tool_call")
    #expect(format["json_schema"]?["strict"] == GeneratedContent(kind: .bool(true)))
    #expect(format["json_schema"]?["schema"]?["properties"]?["tool"]?["enum"] == GeneratedContent(elements: ["thermometer"]))
    #expect(first["tools"] == nil)
    let second = try body(server.received[1])
    #expect(second["response_format"] == nil)
    let messages = try #require(try second["messages"]?.elements())
    #expect(messages.map { $0["role"]?.string ?? "" } == ["system", "user", "assistant", "tool"])
    #expect(messages[2]["content"]?.string == #"{"tool":"thermometer","arguments":{"city":"Turin"}}"#)
    #expect(messages[3]["content"]?.string == "14 °C")
    #expect(messages[3]["tool_call_id"]?.string?.isEmpty == false)
    #expect(messages[0]["content"]?.string?.contains("thermometer(") == true)
  }

  @Test("a native tool call round trip: OpenAI tools out, streamed tool_calls back")
  func nativeToolRoundTrip() async throws {
    let server = try FakeHTTPServer([
      .events(Completions.nativeToolCall(id: "call_7", name: "thermometer", arguments: #"{"city":"Turin"}"#)),
      .events(Completions.stream(["14 °C."])),
    ])
    let model = ServerLanguageModel(url: server.url, apiKey: nil, toolCalling: .native)
    let session = LanguageModelSession(model: model, tools: [Thermometer()], instructions: "Answer with the tools.")
    let answer = try await session.respond(to: "How warm is Turin?")
    #expect(answer.content == "14 °C.")
    let first = try body(server.received[0])
    let tool = try #require(try first["tools"]?.elements().first)
    #expect(tool["function"]?["name"]?.string == "thermometer")
    #expect(tool["function"]?["parameters"]?["properties"]?["city"] != nil)
    #expect(first["response_format"] == nil)
    let second = try body(server.received[1])
    let messages = try #require(try second["messages"]?.elements())
    let call = try #require(try messages[2]["tool_calls"]?.elements().first)
    #expect(call["id"]?.string == "call_7")
    #expect(call["function"]?["arguments"]?.string == #"{"city":"Turin"}"#)
    #expect(messages[3]["tool_call_id"]?.string == "call_7")
  }

  @Test("a typed answer is guided by response_format and validated by the session")
  func guidedJSON() async throws {
    let schema = GenerationSchema(
      root: .object(
        name: "Brew",
        properties: [
          .init(name: "grind", node: .stringEnum(["fine", "medium"])),
          .init(name: "cups", node: .integer(minimum: 1, maximum: 6)),
        ]))
    let server = try FakeHTTPServer([.events(Completions.stream([#"{"grind":"fine","#, #""cups":3}"#]))])
    let model = ServerLanguageModel(url: server.url, apiKey: nil)
    let session = LanguageModelSession(model: model, instructions: "Reply with a brew.")
    let answer = try await session.respond(to: "A strong cup for three", schema: schema)
    #expect(answer.content == (try GeneratedContent(json: #"{"grind":"fine","cups":3}"#)))
    let format = try #require(try body(server.received[0])["response_format"])
    #expect(format["json_schema"]?["schema"] == schema.jsonSchema)
    #expect(format["json_schema"]?["name"]?.string == "answer")
  }

  @Test("the API key is sent as a bearer token")
  func apiKey() async throws {
    let server = try FakeHTTPServer([.json(Completions.message("ok"))])
    let model = ServerLanguageModel(url: server.url, apiKey: "sk-test-123", streams: false)
    _ = try await collect(model.generate(request("Hi")))
    #expect(server.received[0].headers["authorization"] == "Bearer sk-test-123")
  }

  @Test("the context size comes from llama-server's /props, and exact counts from /tokenize")
  func propsAndCounts() async throws {
    let server = try FakeHTTPServer { request in
      switch request.path {
      case "/v1/models": .json(#"{"object":"list","data":[{"id":"smollm2","object":"model"}]}"#)
      case "/props": .json(#"{"default_generation_settings":{"n_ctx":2048},"total_slots":1}"#)
      case "/apply-template": .json(#"{"prompt":"<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"}"#)
      case "/tokenize": .json(#"{"tokens":[1,2,3,4,5,6,7,8,9]}"#)
      default: .json(status: 404, Completions.error("Not found", code: 404))
      }
    }
    let model = await ServerLanguageModel.connect(to: server.url, model: "smollm2", apiKey: nil)
    #expect(model.availability == .available)
    #expect(model.contextSize == 2048)
    #expect(try await model.exactTokenCount(for: request("Hi")) == 9)
    let tokenize = try body(try #require(server.received.first { $0.path == "/tokenize" }))
    #expect(tokenize["content"]?.string?.hasPrefix("<|im_start|>user") == true)
    let other = await ServerLanguageModel.connect(to: server.url, model: "qwen", apiKey: nil)
    #expect(other.availability == .unavailable(.modelNotServed(name: "qwen", served: ["smollm2"])))
    #expect(other.contextSize == 4096)
  }
}

/// A request with instructions and one prompt.
func request(_ prompt: String) -> GenerationRequest {
  GenerationRequest(
    transcript: Transcript(entries: [
      .instructions(.init(segments: [.text("Be brief.")], toolDefinitions: [])),
      .prompt(.init(id: "p", segments: [.text(prompt)])),
    ]))
}

/// Every event of a stream.
func collect(_ stream: AsyncThrowingStream<GenerationEvent, any Error>) async throws -> [GenerationEvent] {
  var events: [GenerationEvent] = []
  for try await event in stream { events.append(event) }
  return events
}
