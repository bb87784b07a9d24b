/// The bounds every request to a model server is held to, so that no server — slow, stuck,
/// endless or enormous — can hang a request or take the process's memory.
///
/// Each breach ends the request with a typed ``ServerError`` and leaves the session's
/// transcript unchanged. The idle deadline is ``ServerLanguageModel/timeout``.
///
/// ```swift
/// var limits = ServerLimits()
/// limits.totalSeconds = 30
/// let model = ServerLanguageModel(url: URL(string: "http://127.0.0.1:8080")!, limits: limits)
/// ```
public struct ServerLimits: Sendable, Equatable {
  /// Seconds one request may take from sending to its last byte (default 300):
  /// ``ServerError/deadlineExceeded(seconds:)``.
  public var totalSeconds: Double
  /// Bytes of answer read at most, error bodies included (default 8 MiB):
  /// ``ServerError/responseTooLarge(bytes:)``.
  public var maximumResponseBytes: Int
  /// Bytes one line of a streamed answer may hold (default 1 MiB): ``ServerError/lineTooLong(bytes:)``.
  public var maximumLineBytes: Int
  /// Tokens a reply may generate when the request's options set no `maximumResponseTokens`
  /// (default 4,096): ``ServerError/tooManyTokens(limit:)``. Each streamed piece of text counts
  /// its tokens with the model's tokenizer, and at least one.
  public var maximumResponseTokens: Int

  /// Creates limits; every argument has the documented default.
  public init(
    totalSeconds: Double = 300, maximumResponseBytes: Int = 8 << 20, maximumLineBytes: Int = 1 << 20,
    maximumResponseTokens: Int = 4096
  ) {
    self.totalSeconds = totalSeconds
    self.maximumResponseBytes = maximumResponseBytes
    self.maximumLineBytes = maximumLineBytes
    self.maximumResponseTokens = maximumResponseTokens
  }

  /// How many bytes of an error body are kept for its message.
  static let errorBodyBytes = 64 << 10
}
