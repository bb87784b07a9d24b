#if Llama
  /// What a ``LlamaLanguageModel`` has done since it was loaded: requests, prompt tokens reused from
  /// the KV cache or evaluated afresh, tokens generated, and the time each took.
  ///
  /// The figures only grow; subtract two snapshots to measure one request or one stage.
  ///
  /// ```swift
  /// let before = model.statistics
  /// _ = try await session.respond(to: "How much of my Kochere is left?")
  /// let spent = model.statistics - before
  /// print(spent.reusedPromptTokens, spent.evaluatedPromptTokens, spent.prefillSeconds)
  /// ```
  public struct LlamaStatistics: Sendable, Equatable {
    /// Generations and prewarms run.
    public var requests = 0
    /// Prompt tokens whose keys and values were already in the cache (the common prefix with the
    /// previous request), so they were not evaluated again.
    public var reusedPromptTokens = 0
    /// The part of ``reusedPromptTokens`` that came from a saved prefix (the prompt cache) rather
    /// than from the context as the previous request left it.
    public var restoredPromptTokens = 0
    /// Prefixes saved in the prompt cache.
    public var savedPrefixes = 0
    /// Prompt tokens evaluated (prefilled).
    public var evaluatedPromptTokens = 0
    /// Seconds spent evaluating them.
    public var prefillSeconds = 0.0
    /// Tokens generated (forced continuations of guided values included).
    public var generatedTokens = 0
    /// Seconds spent generating them: decoding, masking and sampling.
    public var generationSeconds = 0.0

    /// Empty statistics.
    public init() {}

    /// The work done between two snapshots.
    public static func - (lhs: LlamaStatistics, rhs: LlamaStatistics) -> LlamaStatistics {
      var difference = LlamaStatistics()
      difference.requests = lhs.requests - rhs.requests
      difference.reusedPromptTokens = lhs.reusedPromptTokens - rhs.reusedPromptTokens
      difference.restoredPromptTokens = lhs.restoredPromptTokens - rhs.restoredPromptTokens
      difference.savedPrefixes = lhs.savedPrefixes - rhs.savedPrefixes
      difference.evaluatedPromptTokens = lhs.evaluatedPromptTokens - rhs.evaluatedPromptTokens
      difference.prefillSeconds = lhs.prefillSeconds - rhs.prefillSeconds
      difference.generatedTokens = lhs.generatedTokens - rhs.generatedTokens
      difference.generationSeconds = lhs.generationSeconds - rhs.generationSeconds
      return difference
    }
  }

  extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
  }
#endif
