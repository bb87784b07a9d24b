import Foundation
import MokaPot
import Ristretto
import RistrettoServer

/// Decode speed of the served backend, beside the in-process one: tokens per second and time to
/// the first token of a streamed answer (unguided and guided), and a routing call. Runs when
/// `RISTRETTO_SERVER_URL` points at a llama-server serving the same model.
enum ServerDecodeBench {
  static func run(_ options: BenchOptions) async throws {
    guard let text = ProcessInfo.processInfo.environment["RISTRETTO_SERVER_URL"], let url = URL(string: text) else {
      print("decode (served): set RISTRETTO_SERVER_URL to a llama-server serving the same model to compare")
      return
    }
    let model = await ServerLanguageModel.connect(to: url, tokenizer: try MokaAssistant.smolLM2Tokenizer())
    guard model.availability.isAvailable else {
      print("decode (served): \(model.availability.reasonDescription ?? "unavailable")")
      return
    }
    let tokens = options.quick ? 32 : 128
    let rounds = options.quick ? 1 : 3
    let request = GenerationRequest(
      transcript: Transcript(entries: [
        .instructions(.init(segments: [.text("You are a moka-pot coffee assistant.")], toolDefinitions: [])),
        .prompt(
          .init(id: "p", segments: [.text("Describe, in detail, how to brew coffee in a moka pot and why each step matters.")])),
      ]), options: GenerationOptions(sampling: .greedy, maximumResponseTokens: tokens))
    var guidedRequest = request
    guidedRequest.responseSchema = schema
    var unguided: [Run] = []
    var guided: [Run] = []
    _ = try await measure(model, request)
    for _ in 0..<rounds {
      unguided.append(try await measure(model, request))
      guided.append(try await measure(model, guidedRequest))
    }
    let router = MokaRouterPrompt.modelRouter(model: model, confidenceThreshold: 0)
    var routes: [Double] = []
    for question in ["Where can I buy a gasket?", "Is my Huila still fresh?", "Recommend a Kenyan bean"] {
      let start = ContinuousClock.now
      _ = try await router.route(question)
      routes.append(millis(ContinuousClock.now - start))
    }
    let rate = median(unguided.map(\.tokensPerSecond))
    let guidedRate = median(guided.map(\.tokensPerSecond))
    print(String(format: "decode, served by %@ (%d tokens, medians of %d runs; HTTP + SSE included)", text, tokens, rounds))
    print(
      String(
        format: "  served unguided        %7.1f tok/s, first token after %.1f ms", rate, median(unguided.map(\.firstTokenMillis)))
    )
    print(
      String(
        format: "  served guided          %7.1f tok/s, first token after %.1f ms", guidedRate,
        median(guided.map(\.firstTokenMillis))))
    print(String(format: "  route (server cache)   %7.1f ms (median of %d)", median(routes), routes.count))
    if let path = options.jsonPath {
      let served: [String: Any] = [
        "suite": "decode-served", "url": text, "tokensPerRun": tokens, "unguidedTokensPerSecond": rate,
        "guidedTokensPerSecond": guidedRate, "firstTokenMillis": median(unguided.map(\.firstTokenMillis)),
        "routeMillis": median(routes),
      ]
      try writeJSON(served, to: path.replacingOccurrences(of: ".json", with: "-served.json"))
    }
  }

  static let schema = GenerationSchema(
    root: .object(
      name: "Pick",
      properties: [
        .init(name: "summary", node: .string()), .init(name: "roast", node: .stringEnum(["light", "medium", "dark"])),
        .init(name: "limit", node: .integer(minimum: 1, maximum: 5)),
      ]))

  struct Run {
    var firstTokenMillis: Double
    var tokensPerSecond: Double
  }

  /// One streamed generation: time to the first text, and generated tokens (the server's count)
  /// per second after it.
  static func measure(_ model: ServerLanguageModel, _ request: GenerationRequest) async throws -> Run {
    let start = ContinuousClock.now
    var first: ContinuousClock.Instant?
    var generated = 0
    for try await event in model.generate(request) {
      switch event {
      case .text: if first == nil { first = .now }
      case .usage(let usage): generated = usage.generatedTokens
      default: break
      }
    }
    let end = ContinuousClock.now
    let firstAt = first ?? end
    let decoding = millis(end - firstAt) / 1000
    return Run(
      firstTokenMillis: millis(firstAt - start), tokensPerSecond: decoding > 0 ? Double(max(generated - 1, 0)) / decoding : 0)
  }

  static func millis(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }
}
