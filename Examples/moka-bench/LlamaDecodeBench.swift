#if Llama
  import Foundation
  import MokaPot
  import Ristretto
  import RistrettoLlama

  /// Decode speed of the llama backend: unguided, guided, and a plain C-API loop, interleaved in
  /// one run; and a routing call with a cold and a cached prefix.
  enum LlamaDecodeBench {
    static let schema = GenerationSchema(
      root: .object(
        name: "Pick",
        properties: [
          .init(name: "summary", node: .string()),
          .init(name: "roast", node: .stringEnum(["light", "medium", "dark"])),
          .init(name: "limit", node: .integer(minimum: 1, maximum: 5)),
          .init(name: "notes", node: .array(.string(), minimumCount: 1, maximumCount: 3)),
        ]))

    /// Every model named by `--model`, or else `$RISTRETTO_MODEL` and `$RISTRETTO_GEMMA_MODEL`.
    static func run(_ options: BenchOptions) async throws {
      let paths = ModelsBench.installedModels(options)
      guard !paths.isEmpty else {
        print("decode: no model (pass --model PATH or set RISTRETTO_MODEL / RISTRETTO_GEMMA_MODEL)")
        return
      }
      var rows: [[String: Any]] = []
      for path in paths {
        let model = LlamaLanguageModel(path: path, threads: options.threads)
        guard model.availability.isAvailable else {
          print("decode: \(path): \(model.availability)")
          continue
        }
        print(URL(fileURLWithPath: path).lastPathComponent)
        var row = try await measure(model, options: options)
        row["model"] = URL(fileURLWithPath: path).lastPathComponent
        rows.append(row)
      }
      var result = rows.first ?? [:]
      result["suite"] = "decode"
      result["models"] = rows
      try writeJSON(result, to: options.jsonPath)
      if let directory = options.svgDirectory { try BenchCharts.decode(rows, to: directory) }
    }

    static func measure(_ model: LlamaLanguageModel, options: BenchOptions) async throws -> [String: Any] {
      let prompt = model.render(
        GenerationRequest(
          transcript: Transcript(entries: [
            .instructions(.init(segments: [.text("You are a moka-pot coffee assistant.")], toolDefinitions: [])),
            .prompt(
              .init(
                id: "p", segments: [.text("Describe, in detail, how to brew coffee in a moka pot and why each step matters.")])),
          ])))
      let tokens = options.quick ? 32 : 128
      let rounds = options.quick ? 1 : 5
      var unguided: [Double] = []
      var guided: [Double] = []
      var plain: [Double] = []
      // Each round's own ratios: a round shares the machine's load, so its ratio is steadier than
      // a ratio of medians taken over different moments.
      var unguidedRatios: [Double] = []
      var guidedRatios: [Double] = []
      _ = try model.measurePlainLoop(prompt: prompt, tokens: 8)
      for _ in 0..<rounds {
        plain.append(try model.measurePlainLoop(prompt: prompt, tokens: tokens).tokensPerSecond)
        unguided.append(try model.measureDecode(prompt: prompt, tokens: tokens, schema: nil).tokensPerSecond)
        guided.append(try model.measureDecode(prompt: prompt, tokens: tokens, schema: schema).tokensPerSecond)
        unguidedRatios.append(unguided.last! / plain.last!)
        guidedRatios.append(guided.last! / unguided.last!)
      }
      let router = MokaRouterPrompt.modelRouter(model: model, confidenceThreshold: 0)
      var cold: [Double] = []
      var cached: [Double] = []
      let questions = ["Where can I buy a gasket?", "Is my Huila still fresh?", "Recommend a Kenyan bean", "hello there"]
      for (index, question) in questions.enumerated() where index < (options.quick ? 2 : 4) {
        model.resetCache()
        var start = ContinuousClock.now
        _ = try await router.route(question)
        cold.append(millis(ContinuousClock.now - start))
        start = ContinuousClock.now
        _ = try await router.route(questions[(index + 1) % questions.count])
        cached.append(millis(ContinuousClock.now - start))
      }
      var result: [String: Any] = [
        "unguidedTokensPerSecond": median(unguided), "guidedTokensPerSecond": median(guided),
        "llamaCppTokensPerSecond": median(plain), "routeMillisCold": median(cold), "routeMillisCached": median(cached),
        "threads": model.threads, "tokensPerRun": tokens, "rounds": rounds,
        "unguidedOverPlain": median(unguidedRatios), "guidedOverUnguided": median(guidedRatios),
        "unguidedOverPlainRange": [unguidedRatios.min() ?? 0, unguidedRatios.max() ?? 0],
        "guidedOverUnguidedRange": [guidedRatios.min() ?? 0, guidedRatios.max() ?? 0],
      ]
      print(String(format: "decode (%d tokens, %d threads, medians of %d interleaved runs)", tokens, model.threads, rounds))
      func spread(_ values: [Double]) -> String {
        String(format: "%.1f–%.1f", values.min() ?? 0, values.max() ?? 0)
      }
      func ratios(_ values: [Double]) -> String {
        String(format: "%.2fx, rounds %.2f–%.2f", median(values), values.min() ?? 0, values.max() ?? 0)
      }
      print(String(format: "  plain llama.cpp loop   %7.1f tok/s", median(plain)) + " (\(spread(plain)))")
      print(
        String(format: "  Ristretto unguided     %7.1f tok/s", median(unguided))
          + " (\(spread(unguided)))  \(ratios(unguidedRatios)) the plain loop")
      print(
        String(format: "  Ristretto guided       %7.1f tok/s", median(guided))
          + " (\(spread(guided)))  \(ratios(guidedRatios)) unguided")
      print(String(format: "  route, cold prefix     %7.1f ms", median(cold)))
      print(String(format: "  route, cached prefix   %7.1f ms  (%.1fx faster)", median(cached), median(cold) / median(cached)))
      result["specialtySwitch"] = try await SpecialtySwitchBench.measure(model, rounds: options.quick ? 1 : 3)
      return result
    }

    static func millis(_ duration: Duration) -> Double {
      Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
  }
#endif
