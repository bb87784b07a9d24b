import Foundation
import Ristretto

#if Llama
  import RistrettoLlama
#endif

/// llama.cpp's own grammar sampler beside Ristretto's masks: the GBNF of each schema
/// (``GBNF``), applied to the whole vocabulary before each token of the same sequences the
/// cold and warm timing walk, then advanced by that token.
enum GuidanceLlamaCpp {
  #if Llama
    static func measure(
      _ path: String, vocabulary: GuidanceVocabulary, suite: [(String, GenerationSchema)], texts: [[String]],
      perSchema: Int, into result: inout GuidanceBench.Measurement
    ) throws {
      let llamaVocabulary = try LlamaVocabulary(path: path)
      for (index, (name, schema)) in suite.enumerated() {
        let grammar = GBNF(schema: schema).text
        guard (try? LlamaGrammarSampler(vocabulary: llamaVocabulary, grammar: grammar)) != nil else {
          result.llamaCppRejected.append(name)
          continue
        }
        result.llamaCppSchemas += 1
        for tokens in GuidanceBench.sequences(texts[index], vocabulary: vocabulary).prefix(perSchema) {
          let sampler = try LlamaGrammarSampler(vocabulary: llamaVocabulary, grammar: grammar)
          for token in tokens {
            let elapsed = sampler.applyToVocabulary()
            result.llamaCpp.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
            guard sampler.allows(token) else {
              result.llamaCppRefused += 1
              break
            }
            try sampler.accept(token)
          }
        }
      }
    }
  #endif

  static func report(_ result: GuidanceBench.Measurement) {
    let llama = Percentiles(result.llamaCpp)
    let cold = Percentiles(result.cold)
    let warm = Percentiles(result.warm)
    print(
      String(
        format: "llama.cpp grammar %8d %9.1f %7.1f %8.1f  (p50 %.0fx cold, %.0fx warm; p99 %.0fx cold, %.0fx warm)",
        result.llamaCpp.count, llama.p50, llama.p99, llama.max, llama.p50 / max(cold.p50, 1e-9),
        llama.p50 / max(warm.p50, 1e-9), llama.p99 / max(cold.p99, 1e-9), llama.p99 / max(warm.p99, 1e-9)))
    print(
      "llama.cpp: \(result.llamaCppSchemas) schemas timed, \(result.llamaCppRejected.count) rejected"
        + (result.llamaCppRejected.isEmpty ? "" : " (\(result.llamaCppRejected.joined(separator: ", ")))")
        + ", tokens its grammar refused: \(result.llamaCppRefused)")
  }
}
