import Foundation
import MokaPot
import Ristretto
import RistrettoRules

#if Llama
  import RistrettoLlama
#endif

/// The routing strategies on the real model (empty without the Llama trait).
enum LlamaStrategies {
  static func make(_ options: BenchOptions, assistant: MokaAssistant, rules: RuleBasedModel) throws
    -> [(String, any SpecialtyRouter<MokaSpecialty>)]
  {
    #if Llama
      guard let path = options.modelPath ?? ProcessInfo.processInfo.environment["RISTRETTO_MODEL"] else { return [] }
      let model = LlamaLanguageModel(path: path)
      guard model.availability.isAvailable else { return [] }
      let fewShot = MokaRouterPrompt.modelRouter(model: model, confidenceThreshold: 0)
      return [
        ("llama-zero", Router<MokaSpecialty>(model: model)),
        ("llama-fewshot", fewShot),
        ("llama-fs+thr", MokaRouterPrompt.modelRouter(model: model)),
        (
          "cascade@0.5",
          CascadeRouter([("rules", Router<MokaSpecialty>(model: rules)), ("model", MokaRouterPrompt.modelRouter(model: model))])
        ),
      ]
        + [0.7, 0.8, 0.9].map { threshold in
          (
            "cascade@\(threshold)",
            MokaRouterPrompt.cascade(rules: rules, model: model, threshold: threshold)
          )
        }
    #else
      return []
    #endif
  }
}

/// The decode suite (needs the Llama trait).
enum DecodeBench {
  static func run(_ options: BenchOptions) async throws {
    #if Llama
      try await LlamaDecodeBench.run(options)
    #else
      print("decode: this build has no llama.cpp backend; run: swift run -c release --traits Llama moka-bench decode")
    #endif
    try await ServerDecodeBench.run(options)
  }
}
