import Ristretto

extension FakeModel {
  /// A fake that answers any request validly, for running code written for a real model — an
  /// app, a sample, a ported Foundation Models program — to completion without a script.
  ///
  /// - A request under a schema gets a ``SchemaSampler`` sample of it.
  /// - A request that offers tools, when the model has not called one since the newest prompt,
  ///   calls the first tool whose arguments can be sampled, with sampled arguments.
  /// - Any other request gets a short text reply naming how many tools it saw.
  ///
  /// The answer depends only on the seed, the newest prompt and the transcript's length, so two identical
  /// requests (a determinism check across fresh sessions) get the same answer.
  ///
  /// ```swift
  /// SystemLanguageModel.configure(FakeModel.sampling())
  /// let itinerary = try await session.respond(to: "Plan a day in Turin", generating: Itinerary.self)
  /// ```
  public static func sampling(seed: UInt64 = 1) -> FakeModel {
    FakeModel { request, _ in
      var random = SeededGenerator(seed: seed ^ stableHash(of: request.transcript))
      if let schema = request.responseSchema {
        return .structure(try SchemaSampler(schema: schema).sample(using: &random))
      }
      if !request.tools.isEmpty, !calledToolSincePrompt(request.transcript) {
        for tool in request.tools {
          guard let sampler = try? SchemaSampler(schema: tool.parameters) else { continue }
          return .toolCall(tool.name, arguments: sampler.sample(using: &random))
        }
      }
      let suffix = request.tools.isEmpty ? "" : " (\(request.tools.count) tools offered)"
      return .reply("A sampled answer\(suffix).")
    }
  }

  /// Whether a tool call follows the newest prompt.
  private static func calledToolSincePrompt(_ transcript: Transcript) -> Bool {
    for entry in transcript.entries.reversed() {
      switch entry {
      case .prompt: return false
      case .toolCalls: return true
      default: continue
      }
    }
    return false
  }

  /// FNV-1a over the newest prompt's text and the transcript's length: stable across runs and
  /// sessions (entry identities are random, so the transcript itself is not hashed).
  private static func stableHash(of transcript: Transcript) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(transcript.entries.count):\(transcript.lastPromptText ?? "")".utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }
}
