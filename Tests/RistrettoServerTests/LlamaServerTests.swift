import Foundation
import Ristretto
import Testing

@testable import RistrettoServer

/// A real llama-server serving SmolLM2, started for one test and stopped after it.
enum LlamaServer {
  static let binary = ProcessInfo.processInfo.environment["RISTRETTO_LLAMA_SERVER"]
  static let model = ProcessInfo.processInfo.environment["RISTRETTO_MODEL"]
  static let isPresent =
    binary.map { FileManager.default.isExecutableFile(atPath: $0) } == true
    && model.map { FileManager.default.fileExists(atPath: $0) } == true

  /// Starts llama-server on a free local port, waits for `/health`, runs `body`, stops it.
  static func with<T>(_ body: (URL) async throws -> T) async throws -> T {
    let port = try FakeHTTPServer.freePort()
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("llama-server-\(port).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary!)
    process.arguments = ["-m", model!, "--host", "127.0.0.1", "--port", "\(port)", "-c", "4096", "-np", "1", "--jinja"]
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    let url = URL(string: "http://127.0.0.1:\(port)")!
    do {
      try await waitForHealth(url, process: process, log: log)
      let result = try await body(url)
      await stop(process)
      return result
    } catch {
      await stop(process)
      throw error
    }
  }

  /// SIGTERM, then SIGKILL after two seconds: llama-server may wait for idle keep-alive
  /// connections before it exits, and `waitUntilExit` would spin on a task's thread.
  private static func stop(_ process: Process) async {
    process.terminate()
    for _ in 0..<40 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  private static func waitForHealth(_ url: URL, process: Process, log: URL) async throws {
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
      guard process.isRunning else { break }
      let model = await ServerLanguageModel.connect(to: url, apiKey: nil, timeout: 2)
      if model.availability.isAvailable,
        let (_, response) = try? await URLSession.shared.data(from: url.appendingPathComponent("health")),
        (response as? HTTPURLResponse)?.statusCode == 200
      {
        return
      }
      try await Task.sleep(for: .milliseconds(250))
    }
    let tail = (try? String(contentsOf: log, encoding: .utf8)).map { String($0.suffix(1500)) } ?? ""
    throw ServerError.transport("llama-server did not become healthy:\n\(tail)")
  }
}

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(
  "ServerLanguageModel against a real llama-server (SmolLM2)", .serialized,
  .enabled(
    if: LlamaServer.isPresent,
    "RISTRETTO_LLAMA_SERVER (a llama-server binary) and RISTRETTO_MODEL (SmolLM2) are not both set; run scripts/install-llama.sh --server and eval its --print-env"
  ))
struct LlamaServerTests {
  @Test("a session answer, with the context size and exact counts from the server")
  func answer() async throws {
    try await LlamaServer.with { url in
      let model = await ServerLanguageModel.connect(to: url, apiKey: nil)
      #expect(model.availability == .available)
      #expect(model.contextSize == 4096)
      let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant. Answer in one sentence.")
      let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 32)
      let answer = try await session.respond(to: "What is a moka pot?", options: options)
      #expect(!answer.content.isEmpty)
      #expect(answer.usage.generatedTokens > 0)
      // The exact count is the prompt the server read for the same request.
      let again = GenerationRequest(
        transcript: Transcript(entries: Array(session.transcript.entries.prefix(2))), options: options)
      let counted = try await model.exactTokenCount(for: again)
      var read = Usage()
      for try await event in model.generate(again) { if case .usage(let usage) = event { read = usage } }
      #expect(counted == read.promptTokens)
      #expect(read.cachedPromptTokens > 0)  // cache_prompt reused the previous prompt's prefix
    }
  }

  @Test("a guided answer always decodes")
  func guided() async throws {
    try await LlamaServer.with { url in
      let model = await ServerLanguageModel.connect(to: url, apiKey: nil)
      let schema = GenerationSchema(
        root: .object(
          name: "Brew",
          properties: [
            .init(name: "roast", node: .stringEnum(["light", "medium", "dark"])),
            .init(name: "cups", node: .integer(minimum: 1, maximum: 6)),
          ]))
      let session = LanguageModelSession(model: model, instructions: "Suggest a brew.")
      let answer = try await session.respond(
        to: "A strong coffee for three people", schema: schema,
        options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 40))
      let roast: String = try answer.content.value(forProperty: "roast")
      let cups: Int = try answer.content.value(forProperty: "cups")
      #expect(["light", "medium", "dark"].contains(roast))
      #expect((1...6).contains(cups))
    }
  }

  @Test("a guided tool call runs the tool and the model answers")
  func toolCall() async throws {
    try await LlamaServer.with { url in
      let model = await ServerLanguageModel.connect(to: url, apiKey: nil)
      let session = LanguageModelSession(model: model, tools: [Thermometer()], instructions: "Use the tools to answer.")
      let answer = try await session.respond(
        to: "How warm is it in Turin today?", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 48))
      let calls = session.transcript.entries.compactMap { entry -> Transcript.ToolCalls? in
        if case .toolCalls(let calls) = entry { return calls }
        return nil
      }
      #expect(calls.first?.calls.first?.toolName == "thermometer")
      #expect(!answer.content.isEmpty)
    }
  }

  @Test("a streamed answer arrives in several snapshots")
  func streamed() async throws {
    try await LlamaServer.with { url in
      let model = await ServerLanguageModel.connect(to: url, apiKey: nil)
      let session = LanguageModelSession(model: model, instructions: "Answer in two sentences.")
      var snapshots = 0
      var last = ""
      let stream = session.streamResponse(
        to: "How do I clean a moka pot?", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 48))
      for try await snapshot in stream {
        snapshots += 1
        last = snapshot.content
      }
      #expect(snapshots > 3)
      #expect(!last.isEmpty)
    }
  }
}
