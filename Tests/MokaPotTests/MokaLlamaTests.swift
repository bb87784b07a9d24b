import Foundation
import Testing

#if Llama
  import MokaPot
  import Ristretto
  import RistrettoLlama

  /// The moka assistant's model router on the real SmolLM2 (under the Llama trait).
  @Suite(
    "Moka on a real model", .serialized,
    .enabled(
      if: ProcessInfo.processInfo.environment["RISTRETTO_MODEL"].map { FileManager.default.fileExists(atPath: $0) } ?? false,
      "RISTRETTO_MODEL is not set to a GGUF file; run scripts/install-llama.sh"))
  struct MokaLlamaTests {
    @Test func theModelRouterAnswersEveryDevQuestionUnderItsSchema() async throws {
      let model = LlamaLanguageModel(path: ProcessInfo.processInfo.environment["RISTRETTO_MODEL"]!)
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fixtures/moka/sets/routing-dev.jsonl")
      let router = MokaRouterPrompt.modelRouter(model: model)
      var chosen = 0
      for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
        let question: String = try GeneratedContent(json: String(line)).value(forProperty: "q")
        let decision = try await router.route(question)
        #expect(decision.failureReason == nil, "\(question): \(decision.failureReason ?? "")")
        #expect(decision.confidence.map { (0...1).contains($0) } == true)
        if decision.isConfident { chosen += 1 }
      }
      #expect(chosen > 0)
    }
  }
#endif
