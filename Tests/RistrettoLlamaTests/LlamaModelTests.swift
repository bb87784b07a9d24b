import Foundation
import Ristretto
import Testing

#if Llama
  @testable import RistrettoLlama

  /// The real model, from RISTRETTO_MODEL (scripts/install-llama.sh prints it).
  enum RealModel {
    static let path = ProcessInfo.processInfo.environment["RISTRETTO_MODEL"]
    static let isPresent = path.map { FileManager.default.fileExists(atPath: $0) } ?? false
    static let shared: LlamaLanguageModel? = path.map { LlamaLanguageModel(path: $0, contextSize: 4096) }
    static var model: LlamaLanguageModel { shared! }
    /// The tokenizer read from the GGUF file's metadata alone, in Swift.
    static func offlineTokenizer() throws -> any Tokenizer {
      try TokenizerData(gguf: GGUFMetadata(contentsOf: URL(fileURLWithPath: path!))).makeTokenizer()
    }
  }

  @Suite(
    "LlamaLanguageModel (real SmolLM2)", .serialized,
    .enabled(if: RealModel.isPresent, "RISTRETTO_MODEL is not set to a GGUF file; run scripts/install-llama.sh"))
  struct LlamaModelTests {
    @Test func loadsAndReportsAvailability() throws {
      #expect(RealModel.model.availability == .available)
      let missing = LlamaLanguageModel(path: "/nonexistent/model.gguf")
      guard case .unavailable(let reason) = missing.availability else {
        Issue.record("a missing file must be unavailable")
        return
      }
      #expect(reason == .modelFileMissing(path: "/nonexistent/model.gguf"))
      let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt.gguf")
      try Data("GGUF not really".utf8).write(to: corrupt)
      guard case .unavailable(.loadFailed) = LlamaLanguageModel(path: corrupt.path).availability else {
        Issue.record("a corrupt file must fail to load")
        return
      }
    }

    @Test func tokenizerMatchesThePureSwiftOne() throws {
      let swift = try RealModel.offlineTokenizer()
      let texts = [
        "Why is my moka pot sputtering?", "<|im_start|>system\nBe brief.<|im_end|>\n", "café ☕️ 1234567 naïve",
        "  spaces\tand\n\nlines  ", #"{"tool":"searchBeans","arguments":{"limit":3}}"#, "日本のコーヒー", "it's they're we'll",
      ]
      for text in texts { #expect(RealModel.model.tokenizer.encode(text) == swift.encode(text), "\(text)") }
    }

    @Test func guidedIntAndEnumAreAlwaysValid() async throws {
      let int = GenerationSchema(
        root: .object(name: "Pick", properties: [.init(name: "limit", node: .integer(minimum: 1, maximum: 5))]))
      let roast = GenerationSchema(root: .stringEnum(["light", "medium", "dark"]))
      for seed in 0..<50 {
        let options = GenerationOptions(
          sampling: .random(top: 40, seed: UInt64(seed)), temperature: 1.0, maximumResponseTokens: 24)
        let session = LanguageModelSession(model: RealModel.model)
        let value = try await session.respond(to: "Pick a number of beans to show.", schema: int, options: options).content
        let limit: Int = try value.value(forProperty: "limit")
        #expect((1...5).contains(limit))
        let other = LanguageModelSession(model: RealModel.model)
        let answer = try await other.respond(to: "Which roast for a moka pot?", schema: roast, options: options).content
        #expect(["light", "medium", "dark"].contains(try String(answer)))
      }
    }

    @Test func toolCallRoundTrip() async throws {
      let model = LlamaLanguageModel(path: RealModel.path!, toolCalling: .required)
      let timer = BrewTimer()
      let session = LanguageModelSession(model: model, tools: [timer], instructions: "You help with moka pots.")
      let response = try await session.respond(
        to: "Start a timer for my moka pot.", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 64))
      let call = try #require(response.toolCalls.first)
      #expect(call.toolName == "brewTimer")
      let arguments = try BrewTimer.Arguments(call.arguments)
      #expect((30...600).contains(arguments.seconds))
      #expect(response.toolOutputs.count == 1)
    }

    @Test func streamingAndCancellation() async throws {
      let session = LanguageModelSession(model: RealModel.model)
      var snapshots = 0
      for try await _ in session.streamResponse(
        to: "Tell me about coffee.", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 16))
      {
        snapshots += 1
      }
      #expect(snapshots > 1)
      // Cancel from inside the stream once the first snapshot has arrived: no sleeps.
      let long = LanguageModelSession(model: RealModel.model)
      let task = Task {
        var seen = 0
        for try await _ in long.streamResponse(
          to: "Write a long essay about coffee.", options: GenerationOptions(maximumResponseTokens: 400))
        {
          seen += 1
          if seen == 1 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return seen
      }
      // The stream ends at the first snapshot; the request stops and leaves the transcript.
      #expect(try await task.value == 1)
      while long.isResponding { await Task.yield() }
      #expect(long.transcript.entries.count == 1)
    }

    @Test func secondTurnReusesThePrefix() async throws {
      let session = LanguageModelSession(model: RealModel.model, instructions: "You are a moka-pot coffee assistant.")
      let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 12)
      let first = try await session.respond(to: "Hello!", options: options)
      let second = try await session.respond(to: "What grind should I use?", options: options)
      #expect(second.usage.cachedPromptTokens > first.usage.cachedPromptTokens)
      #expect(second.usage.cachedPromptTokens > second.usage.promptTokens / 2)
    }
  }

  /// A tool with a guided argument, for the round trip.
  struct BrewTimer: Tool {
    let name = "brewTimer"
    let description = "Starts a brew timer."
    struct Arguments: GenerableObject, Decodable {
      var seconds: Int
      static let properties = GenerableProperties<Arguments> {
        GenerableProperty(\.seconds, description: "How long", .range(30...600))
      }
    }
    func call(arguments: Arguments) async throws -> String { "Timer set for \(arguments.seconds) s." }
  }

#else
  @Suite("LlamaLanguageModel")
  struct LlamaModelTests {
    @Test(.disabled("built without the Llama trait; run: swift test --traits Llama (after scripts/install-llama.sh)"))
    func realModelTestsNeedTheLlamaTrait() {}
  }
#endif
