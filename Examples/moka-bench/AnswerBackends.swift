import Foundation
import MokaPot
import Ristretto
import RistrettoRules

#if Llama
  import RistrettoLlama
#endif

/// The backends `moka-bench answers` compares: the rule-based model, then each installed GGUF model
/// (`--backend llama`, with `--model` or `$RISTRETTO_MODEL` and `$RISTRETTO_GEMMA_MODEL`).
enum AnswerBackends {
  static func make(_ options: BenchOptions) throws -> [AnswersBench.Backend] {
    var backends = [
      AnswersBench.Backend(name: "rules") { assistant in try assistant.chat(model: assistant.rulesModel) }
    ]
    if options.backend == "learned" {
      // Routing, tool choice and arguments learned from the tuning sets' labels; a tuning set
      // named with --set is left out of them.
      let examples = try MokaLearning.examples(leavingOut: options.setWasGiven ? [options.set] : [])
      backends.append(
        AnswersBench.Backend(name: "learned") { assistant in
          let learned = MokaLearning.rules(data: assistant.data, tools: assistant.toolbox, examples: examples)
          let model = RuleBasedModel(rules: assistant.ruleBook(learned: learned), tokenizer: try MokaAssistant.smolLM2Tokenizer())
          return try assistant.chat(model: model)
        })
      return backends
    }
    guard options.backend == "llama" else { return backends }
    #if Llama
      let environment = ProcessInfo.processInfo.environment
      let paths =
        options.modelPaths.isEmpty
        ? [environment["RISTRETTO_MODEL"], environment["RISTRETTO_GEMMA_MODEL"]].compactMap { $0 } : options.modelPaths
      for path in paths {
        let llama = LlamaLanguageModel(path: path, threads: options.threads, promptThreads: options.promptThreads)
        guard llama.availability.isAvailable else { continue }
        let timings = StageTimings()
        let model = TimedLlamaModel(base: llama, timings: timings)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        // The model chooses tools; under `threshold` confidence the rules choose (0: the model alone;
        // above 1, the default, the rules alone).
        let threshold = Double(environment["TOOL_THRESHOLD"] ?? "") ?? MokaAssistant.toolChoiceThreshold
        backends.append(
          AnswersBench.Backend(name: String(name.prefix(14)), timings: timings) { assistant in
            let rules = try assistant.rulesModel
            let cascade = ToolChoiceCascade(primary: model, fallback: rules, threshold: threshold)
            return try assistant.chat(model: cascade, router: MokaRouterPrompt.cascade(rules: rules, model: model))
          })
      }
    #else
      print("answers: --backend llama needs a build with --traits Llama; measuring the rule-based model only")
    #endif
    return backends
  }
}
