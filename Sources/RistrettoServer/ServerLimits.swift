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
  /// (default 4,096): ``ServerError/tooManyTokens(limit:)``. The server is sent this limit and
  /// stops there itself; the client counts each streamed piece with the model's tokenizer (at
  /// least one per piece) and ends a reply only past ``ceiling(forTokens:)``, because pieces
  /// counted one by one add up to more than the server's own count.
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

  /// The client-side count at which a reply limited to `limit` tokens is ended: twice the
  /// limit plus 16, saturating. Only a server that ignores `max_tokens` reaches it.
  public static func ceiling(forTokens limit: Int) -> Int {
    let doubled = max(0, limit).multipliedReportingOverflow(by: 2)
    if doubled.overflow { return .max }
    let padded = doubled.partialValue.addingReportingOverflow(16)
    return padded.overflow ? .max : padded.partialValue
  }
}
