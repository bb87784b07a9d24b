import Foundation

/// Why a request to a model server failed, when the failure is the server's or the network's
/// rather than the model's.
///
/// A refused connection is reported as `GenerationError.modelUnavailable(.unreachable(…))` and
/// HTTP 429 as `GenerationError.rateLimited`; everything else that goes wrong on the wire is one
/// of these cases. No message ever contains the API key.
public enum ServerError: Error, Sendable, Equatable, LocalizedError {
  /// No byte arrived within the timeout.
  case timedOut(seconds: Double)
  /// The server answered with an HTTP error status; `message` is its error text, if it sent one.
  case httpStatus(Int, message: String)
  /// The server answered, but not with what the OpenAI chat completions API promises.
  case malformedResponse(String)
  /// The connection closed before the answer was complete (a stream without its final chunk).
  case truncatedResponse(String)
  /// The request could not be sent or its answer not read.
  case transport(String)
  /// The whole request took longer than ``ServerLimits/totalSeconds``.
  case deadlineExceeded(seconds: Double)
  /// The answer grew past ``ServerLimits/maximumResponseBytes``.
  case responseTooLarge(bytes: Int)
  /// One line of the streamed answer grew past ``ServerLimits/maximumLineBytes``.
  case lineTooLong(bytes: Int)
  /// The reply generated more tokens than the request allows (its `maximumResponseTokens`, else
  /// ``ServerLimits/maximumResponseTokens``).
  case tooManyTokens(limit: Int)

  /// A sentence that says what happened and what to do.
  public var errorDescription: String? {
    switch self {
    case .timedOut(let seconds):
      "The model server sent nothing for \(formatSeconds(seconds)) s. "
        + "It may be overloaded or the model still loading; raise the timeout or check the server."
    case .httpStatus(let status, let message) where status == 401 || status == 403:
      "The model server refused the request (HTTP \(status)): \(message). "
        + "Set RISTRETTO_SERVER_API_KEY (or pass apiKey:) to the key the server expects."
    case .httpStatus(let status, let message) where status >= 500:
      "The model server failed (HTTP \(status)): \(message). Check the server's log."
    case .httpStatus(let status, let message):
      "The model server rejected the request (HTTP \(status)): \(message)."
    case .malformedResponse(let detail):
      "The model server's answer is not an OpenAI chat completion: \(detail). "
        + "Check that the URL points at an OpenAI-compatible server (llama-server, vLLM)."
    case .truncatedResponse(let detail):
      "The model server's answer ended early: \(detail). The server may have crashed or closed the connection."
    case .transport(let detail): "The request to the model server failed: \(detail)."
    case .deadlineExceeded(let seconds):
      "The model server did not finish its answer within \(formatSeconds(seconds)) s. "
        + "It may be stuck or generating without end; raise ServerLimits.totalSeconds or check the server."
    case .responseTooLarge(let bytes):
      "The model server's answer passed \(bytes) bytes, the most this client reads. "
        + "Raise ServerLimits.maximumResponseBytes if such answers are expected."
    case .lineTooLong(let bytes):
      "One line of the model server's stream passed \(bytes) bytes, the most this client reads. "
        + "Check that the URL points at an OpenAI-compatible server, or raise ServerLimits.maximumLineBytes."
    case .tooManyTokens(let limit):
      "The model server kept generating past \(limit) tokens. "
        + "Set maximumResponseTokens in the options (the server was sent it too) or raise ServerLimits.maximumResponseTokens."
    }
  }
}

/// Seconds without a trailing `.0`.
private func formatSeconds(_ seconds: Double) -> String {
  seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}
