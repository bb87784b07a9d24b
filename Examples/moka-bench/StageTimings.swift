import Foundation
import Ristretto

#if Llama
  import RistrettoLlama
#endif

/// Where a token model's time goes per answer, by stage: routing, the tool call, grounding, free
/// text. Each stage sums calls, prompt tokens reused from the KV cache and evaluated, tokens
/// generated, and the seconds spent prefilling and generating.
final class StageTimings: Sendable {
  struct Stage: Sendable {
    var calls = 0, reused = 0, restored = 0, evaluated = 0, generated = 0
    var prefillSeconds = 0.0, generationSeconds = 0.0, wallSeconds = 0.0
  }

  private let stages = LockedValue<[String: Stage]>([:])

  func add(_ name: String, _ stage: Stage) {
    stages.withLock { stages in
      var total = stages[name] ?? Stage()
      total.calls += stage.calls
      total.reused += stage.reused
      total.restored += stage.restored
      total.evaluated += stage.evaluated
      total.generated += stage.generated
      total.prefillSeconds += stage.prefillSeconds
      total.generationSeconds += stage.generationSeconds
      total.wallSeconds += stage.wallSeconds
      stages[name] = total
    }
  }

  func reset() { stages.withLock { $0 = [:] } }

  /// The stage a request belongs to.
  static func stage(of request: GenerationRequest) -> String {
    switch request.responseSchema?.title {
    case "Route"?: "route"
    case "Picks"?: "ground"
    case nil: request.tools.isEmpty ? "text" : "tool"
    default: "value"
    }
  }

  /// One line per stage, per answer.
  func table(answers: Int) -> [String] {
    let n = Double(max(answers, 1))
    let stages = stages.withLock { $0 }
    return ["route", "tool", "ground", "text", "value"].compactMap { name in
      guard let stage = stages[name] else { return nil }
      let tokens = String(
        format: "    %-6@ calls %4.2f  reused %6.1f (restored %5.1f)  evaluated %6.1f  prefill %5.2f s", name as NSString,
        Double(stage.calls) / n, Double(stage.reused) / n, Double(stage.restored) / n, Double(stage.evaluated) / n,
        stage.prefillSeconds / n)
      return tokens
        + String(
          format: "  generated %5.1f  gen %5.2f s  wall %5.2f s", Double(stage.generated) / n, stage.generationSeconds / n,
          stage.wallSeconds / n)
    }
  }

  /// The same figures as JSON, per answer.
  func json(answers: Int) -> [String: Any] {
    let n = Double(max(answers, 1))
    return stages.withLock { $0 }.mapValues { stage in
      [
        "calls": Double(stage.calls) / n, "reusedPromptTokens": Double(stage.reused) / n,
        "restoredPromptTokens": Double(stage.restored) / n,
        "evaluatedPromptTokens": Double(stage.evaluated) / n, "prefillSeconds": stage.prefillSeconds / n,
        "generatedTokens": Double(stage.generated) / n, "generationSeconds": stage.generationSeconds / n,
        "wallSeconds": stage.wallSeconds / n,
      ]
    }
  }
}

#if Llama
  /// A llama model whose every generation is added to a ``StageTimings`` under its stage.
  struct TimedLlamaModel: LanguageModel {
    let base: LlamaLanguageModel
    let timings: StageTimings

    var availability: ModelAvailability { base.availability }
    var contextSize: Int { base.contextSize }
    var tokenizer: any Tokenizer { base.tokenizer }
    var promptRenderer: PromptRenderer { base.promptRenderer }
    var markupTexts: [String] { base.markupTexts }
    func render(_ request: GenerationRequest) -> RenderedPrompt { base.render(request) }
    func prewarm(_ request: GenerationRequest) async { await base.prewarm(request) }

    static func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
      let (stream, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
      if ProcessInfo.processInfo.environment["DUMP_PROMPTS"] != nil {
        print("=== \(StageTimings.stage(of: request))\n\(base.render(request).text)\n===")
      }
      let task = Task { [base, timings] in
        let before = base.statistics
        let start = ContinuousClock.now
        defer {
          let spent = base.statistics - before
          timings.add(
            StageTimings.stage(of: request),
            StageTimings.Stage(
              calls: 1, reused: spent.reusedPromptTokens, restored: spent.restoredPromptTokens,
              evaluated: spent.evaluatedPromptTokens, generated: spent.generatedTokens,
              prefillSeconds: spent.prefillSeconds, generationSeconds: spent.generationSeconds,
              wallSeconds: Self.seconds(ContinuousClock.now - start)))
        }
        do {
          for try await event in base.generate(request) { continuation.yield(event) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
      return stream
    }
  }
#endif
