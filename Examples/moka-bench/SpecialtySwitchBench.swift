#if Llama
  import Foundation
  import MokaPot
  import Ristretto
  import RistrettoLlama

  /// What a mid-conversation specialty switch costs the llama backend: the prompt tokens evaluated
  /// and the prefill seconds of the new specialist's first request, against a rebuild of that
  /// whole prompt from an empty cache.
  ///
  /// The conversation is two cupboard turns answered by the rule-based assistant (tool calls and
  /// outputs included), then a shopping question. Three starts are timed, each from an empty cache:
  /// a rebuild (nothing held); a first switch (the context holds the cupboard conversation); a
  /// switch after ``SpecialistChat/warmUp(_:)`` saved every specialist's prefix.
  enum SpecialtySwitchBench {
    struct Cost {
      var evaluated: [Double] = []
      var seconds: [Double] = []
    }

    static func measure(_ model: LlamaLanguageModel, rounds: Int) async throws -> [String: Any] {
      let assistant = MokaAssistant(data: MokaData.load())
      let rules = try assistant.chat(model: try assistant.rulesModel)
      for question in ["how much of my Huila is left?", "and is it still fresh?"] { _ = try await rules.send(question) }
      let history = Array(rules.transcript.entries.dropFirst())
      let chat = try assistant.chat(model: model)
      let question = Transcript.Entry.prompt(.init(id: "switch", segments: [.text("where can I buy more of it nearby?")]))
      func request(_ specialty: MokaSpecialty, _ entries: [Transcript.Entry]) -> GenerationRequest {
        let session = chat.makeSession(for: specialty, transcript: Transcript(entries: entries))
        return GenerationRequest(
          transcript: session.transcript, tools: specialty.tools(from: assistant.toolbox).map(\.definition))
      }
      let before = request(.cupboard, history)
      let after = request(.shopping, history + [question])
      let total = model.tokenizer.count(model.render(after))
      func timed(_ cost: inout Cost) async {
        let start = model.statistics
        await model.prewarm(after)
        let spent = model.statistics - start
        cost.evaluated.append(Double(spent.evaluatedPromptTokens))
        cost.seconds.append(spent.prefillSeconds)
      }
      var rebuild = Cost()
      var first = Cost()
      var warm = Cost()
      for _ in 0..<rounds {
        model.resetCache()
        await timed(&rebuild)
        model.resetCache()
        await model.prewarm(before)
        await timed(&first)
        model.resetCache()
        await chat.warmUp()
        await model.prewarm(before)
        await timed(&warm)
      }
      print(String(format: "specialty switch (cupboard → shopping, %d prompt tokens, medians of %d)", total, rounds))
      func line(_ name: String, _ cost: Cost) {
        let tokens = LlamaDecodeBench.median(cost.evaluated)
        let seconds = LlamaDecodeBench.median(cost.seconds)
        let share = 100 * seconds / max(LlamaDecodeBench.median(rebuild.seconds), 1e-9)
        let range = String(format: "%.3f–%.3f s", cost.seconds.min() ?? 0, cost.seconds.max() ?? 0)
        print(
          "  " + name.padding(toLength: 22, withPad: " ", startingAt: 0)
            + String(format: "%5.0f tokens %6.3f s  (%3.0f%% of the rebuild's time, ", tokens, seconds, share) + range + ")")
      }
      line("rebuild", rebuild)
      line("first switch", first)
      line("switch after warmUp", warm)
      return [
        "promptTokens": total, "rebuildTokens": LlamaDecodeBench.median(rebuild.evaluated),
        "rebuildSeconds": LlamaDecodeBench.median(rebuild.seconds),
        "firstSwitchTokens": LlamaDecodeBench.median(first.evaluated),
        "firstSwitchSeconds": LlamaDecodeBench.median(first.seconds),
        "warmSwitchTokens": LlamaDecodeBench.median(warm.evaluated),
        "warmSwitchSeconds": LlamaDecodeBench.median(warm.seconds),
      ]
    }
  }
#endif
