import Foundation
import Ristretto
import Testing

#if Llama
  @testable import RistrettoLlama

  @Suite("Prompt cache (pure)")
  struct PromptCacheTests {
    @Test func theLongestSharedPrefixWins() {
      var cache = PromptCache(byteLimit: 100)
      cache.insert(tokens: [1, 2, 3], state: [0, 0])
      cache.insert(tokens: [1, 2, 3, 4, 5], state: [0, 0])
      cache.insert(tokens: [9, 9], state: [0])
      #expect(cache.best(for: [1, 2, 3, 4, 7], moreThan: 0)?.common == 4)
      #expect(cache.best(for: [1, 2, 3, 4, 7], moreThan: 4) == nil)
      #expect(cache.best(for: [5], moreThan: 0) == nil)
    }

    @Test func theLeastRecentlyUsedGoesPastTheLimit() {
      var cache = PromptCache(byteLimit: 10)
      cache.insert(tokens: [1], state: Array(repeating: 0, count: 4))
      cache.insert(tokens: [2], state: Array(repeating: 0, count: 4))
      _ = cache.best(for: [1], moreThan: 0)
      cache.insert(tokens: [3], state: Array(repeating: 0, count: 4))
      #expect(cache.contains([1]) && cache.contains([3]) && !cache.contains([2]))
      cache.insert(tokens: [4], state: Array(repeating: 0, count: 11))
      #expect(!cache.contains([4]))
      #expect(cache.bytes <= 10)
      #expect(PromptCache(byteLimit: 0).byteLimit == 0)
    }
  }

  /// Its own model (the shared one serves suites that may run at the same time), so statistics
  /// measure only this suite's requests.
  enum ReuseModel {
    static let cached = RealModel.path.map { LlamaLanguageModel(path: $0, contextSize: 2048) }
    static let uncached = RealModel.path.map { LlamaLanguageModel(path: $0, contextSize: 2048, promptCacheBytes: 0) }
  }

  @Suite(
    "Prompt prefix reuse (real SmolLM2)", .serialized,
    .enabled(if: RealModel.isPresent, "RISTRETTO_MODEL is not set to a GGUF file; run scripts/install-llama.sh"))
  struct PromptReuseTests {
    let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 6)
    let beans = "You are a moka-pot coffee assistant. Recommend beans from the corpus only, and say when unsure."
    let brewing = "You fix moka-pot brewing problems: grind, dose, water and heat. Answer in one sentence."

    func ask(_ model: LlamaLanguageModel, _ instructions: String, _ question: String) async throws
      -> (text: String, spent: LlamaStatistics, usage: Usage)
    {
      let before = model.statistics
      let response = try await LanguageModelSession(model: model, instructions: instructions)
        .respond(to: question, options: options)
      return (response.content, model.statistics - before, response.usage)
    }

    @Test func aSecondRequestSharingAPrefixEvaluatesOnlyTheNewTokens() async throws {
      let model = try #require(ReuseModel.cached)
      model.resetCache()
      let first = try await ask(model, beans, "Any Kenyan beans?")
      #expect(first.spent.evaluatedPromptTokens == first.usage.promptTokens)
      #expect(first.spent.savedPrefixes == 1)
      let second = try await ask(model, beans, "Something chocolatey for milk?")
      #expect(second.spent.reusedPromptTokens == second.usage.cachedPromptTokens)
      #expect(second.spent.evaluatedPromptTokens == second.usage.promptTokens - second.usage.cachedPromptTokens)
      #expect(second.spent.evaluatedPromptTokens < 20)
      #expect(second.spent.restoredPromptTokens == 0)
      #expect(second.spent.savedPrefixes == 0)
    }

    @Test func aPrefixPushedOutByAnotherRequestIsRestoredNotEvaluated() async throws {
      let model = try #require(ReuseModel.cached)
      model.resetCache()
      _ = try await ask(model, beans, "Any Kenyan beans?")
      _ = try await ask(model, brewing, "Why is my coffee bitter?")
      let back = try await ask(model, beans, "Something chocolatey for milk?")
      #expect(back.spent.restoredPromptTokens > 20)
      #expect(back.spent.evaluatedPromptTokens < 20)
      // The restored state answers exactly as a cold prefill does.
      model.resetCache()
      let cold = try await ask(model, beans, "Something chocolatey for milk?")
      #expect(cold.spent.reusedPromptTokens == 0)
      #expect(back.text == cold.text)
    }

    @Test func withoutAPromptCacheTheDisplacedPrefixIsEvaluatedAgain() async throws {
      let model = try #require(ReuseModel.uncached)
      _ = try await ask(model, beans, "Any Kenyan beans?")
      _ = try await ask(model, brewing, "Why is my coffee bitter?")
      let back = try await ask(model, beans, "Something chocolatey for milk?")
      #expect(back.spent.restoredPromptTokens == 0)
      #expect(back.spent.savedPrefixes == 0)
      #expect(back.spent.evaluatedPromptTokens > 20)
    }
  }
#endif
