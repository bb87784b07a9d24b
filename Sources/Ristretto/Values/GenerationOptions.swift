/// How the next tokens are chosen and how many may be generated.
///
/// ```swift
/// let options = GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.7, maximumResponseTokens: 200)
/// ```
public struct GenerationOptions: Sendable, Equatable, Codable {
  /// A sampling strategy.
  public enum Sampling: Sendable, Equatable, Codable {
    /// Always the most likely token.
    case greedy
    /// One of the `top` most likely tokens, seeded for reproducibility.
    case topK(Int, seed: UInt64?)
    /// From the smallest set of tokens whose probabilities add up to `probabilityThreshold`.
    case topP(Double, seed: UInt64?)

    /// Top-k sampling.
    public static func random(top: Int, seed: UInt64? = nil) -> Sampling { .topK(top, seed: seed) }
    /// Nucleus sampling.
    public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> Sampling {
      .topP(probabilityThreshold, seed: seed)
    }
  }

  /// Foundation Models' name for ``Sampling``.
  public typealias SamplingMode = Sampling

  /// The sampling strategy; nil lets the backend choose.
  public var sampling: Sampling?
  /// The temperature; nil lets the backend choose.
  public var temperature: Double?
  /// The most tokens one response may have.
  public var maximumResponseTokens: Int?

  /// Creates options.
  public init(sampling: Sampling? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
    self.sampling = sampling
    self.temperature = temperature
    self.maximumResponseTokens = maximumResponseTokens
  }
}
