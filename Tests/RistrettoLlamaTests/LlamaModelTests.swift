import Foundation
import Ristretto
import Testing

#if Llama
  import MokaPot
  @testable import RistrettoLlama

  /// The real model, from RISTRETTO_MODEL (scripts/install-llama.sh prints it).
  enum RealModel {
    static let path = ProcessInfo.processInfo.environment["RISTRETTO_MODEL"]
    static let isPresent = path.map { FileManager.default.fileExists(atPath: $0) } ?? false
    static let shared: LlamaLanguageModel? = path.map { LlamaLanguageModel(path: $0, contextSize: 4096) }
    static var model: LlamaLanguageModel { shared! }
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
      let swift = try MokaAssistant.smolLM2Tokenizer()
      let texts = [
        "Why is my moka pot sputtering?", "<|im_start|>system\nBe brief.<|im_end|>\n", "café ☕️ 1234567 naïve",
        "  spaces\tand\n\nlines  ", #"{"tool":"searchBeans","arguments":{"limit":3}}"#, "日本のコーヒー", "it's they're we'll",
      ]
      for text in texts { #expect(RealModel.model.tokenizer.encode(text) == swift.encode(text), "\(text)") }
    }

    @Test func liveTokenizerAgreesWithTheGoldenFileAndTheSwiftTokenizer() throws {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/tokenizers/smollm2-135m.golden.jsonl")
      let swift = try MokaAssistant.smolLM2Tokenizer()
      let live = try #require(RealModel.model.tokenizer as? LlamaTokenizer)
      var checked = 0
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let object = try GeneratedContent(json: String(line))
        let text: String = try object.value(forProperty: "text")
        let special: Bool = try object.value(forProperty: "special")
        let ids: [Int] = try object.value(forProperty: "ids")
        let liveIDs = live.tokens(text, parseSpecial: special).map(Int.init)
        #expect(liveIDs == ids, "llama.cpp changed its mind about \(text.debugDescription)")
        #expect(swift.encode(text, parseSpecial: special) == liveIDs, "\(text.debugDescription)")
        checked += 1
      }
      #expect(checked >= 1000)
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
      let assistant = MokaAssistant(data: try MokaData.load())
      let tools = assistant.toolbox.filter { $0.name == "brewAdvice" }
      let session = LanguageModelSession(model: model, tools: tools, instructions: "You help with moka pots.")
      let response = try await session.respond(
        to: "My 6-cup moka pot sputters.", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 64))
      let call = try #require(response.toolCalls.first)
      #expect(call.toolName == "brewAdvice")
      _ = try BrewAdviceTool.Arguments(call.arguments)
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
      let long = LanguageModelSession(model: RealModel.model)
      let task = Task {
        try await long.respond(to: "Write a long essay about coffee.", options: GenerationOptions(maximumResponseTokens: 400))
      }
      try await Task.sleep(for: .milliseconds(300))
      let start = ContinuousClock.now
      task.cancel()
      _ = try? await task.value
      #expect(ContinuousClock.now - start < .seconds(2))
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

    @Test func mokaRouterReturnsAValidSpecialtyForEveryDevQuestion() async throws {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fixtures/moka/routing-dev.jsonl")
      let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
      let router = MokaRouterPrompt.modelRouter(model: RealModel.model)
      for line in lines {
        let question: String = try GeneratedContent(json: String(line)).value(forProperty: "q")
        let decision = try await router.route(question)
        #expect(decision.failureReason == nil, "\(question): \(decision.failureReason ?? "")")
        #expect(MokaSpecialty.allCases.contains(decision.specialty))
        #expect(decision.confidence != nil)
      }
    }
  }
#else
  @Suite("LlamaLanguageModel")
  struct LlamaModelTests {
    @Test(.disabled("built without the Llama trait; run: swift test --traits Llama (after scripts/install-llama.sh)"))
    func realModelTestsNeedTheLlamaTrait() {}
  }
#endif
