import Foundation
import Ristretto
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One part of an HTTP exchange as it arrives: the status first, then the body in pieces.
enum HTTPPart: Sendable {
  /// The response's status code.
  case status(Int)
  /// More of the body.
  case body(Data)
}

/// Sends HTTP requests with URLSession and streams their answers; cancelling the consumer
/// cancels the URLSession task. Never retries: a retried chat completion could call a tool twice.
struct HTTPTransport: Sendable {
  /// Seconds to wait for the next byte before giving up.
  var timeout: Double

  /// Streams the answer to `request`. Past `maximumBytes` of body the download stops and the
  /// stream ends with ``ServerError/responseTooLarge(bytes:)``: URLSession delivers bytes as fast as
  /// they come, so a consumer slower than the server would otherwise let them pile up unread.
  func stream(_ request: URLRequest, maximumBytes: Int = .max) -> AsyncThrowingStream<HTTPPart, any Error> {
    let (stream, continuation) = AsyncThrowingStream<HTTPPart, any Error>.makeStream()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    let delegate = StreamDelegate(continuation: continuation, timeout: timeout, maximumBytes: maximumBytes)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    var request = request
    request.timeoutInterval = timeout
    let task = session.dataTask(with: request)
    continuation.onTermination = { _ in
      task.cancel()
      session.finishTasksAndInvalidate()
    }
    task.resume()
    return stream
  }

  /// The whole answer to `request`: its status and body, which may hold `maximumBytes` at most.
  func fetch(_ request: URLRequest, maximumBytes: Int) async throws -> (status: Int, body: Data) {
    var status = 0
    var body = Data()
    for try await part in stream(request, maximumBytes: maximumBytes) {
      switch part {
      case .status(let code): status = code
      case .body(let data):
        guard body.count + data.count <= maximumBytes else { throw ServerError.responseTooLarge(bytes: maximumBytes) }
        body.append(data)
      }
    }
    return (status, body)
  }
}

/// Forwards URLSession's callbacks into a stream. The status is read from the task's response
/// with the first bytes (or at the end, for an empty body), which every URLSession calls alike.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
  let continuation: AsyncThrowingStream<HTTPPart, any Error>.Continuation
  let timeout: Double
  let maximumBytes: Int
  private let sentStatus = Atomic<Bool>(false)
  private let received = Atomic<Int>(0)

  init(continuation: AsyncThrowingStream<HTTPPart, any Error>.Continuation, timeout: Double, maximumBytes: Int) {
    self.continuation = continuation
    self.timeout = timeout
    self.maximumBytes = maximumBytes
  }

  private func sendStatus(_ task: URLSessionTask) {
    guard !sentStatus.exchange(true, ordering: .relaxed) else { return }
    continuation.yield(.status((task.response as? HTTPURLResponse)?.statusCode ?? 0))
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    sendStatus(dataTask)
    let total = received.wrappingAdd(data.count, ordering: .relaxed).newValue
    continuation.yield(.body(data))
    // (Past the limit the rest is not downloaded: the consumer reports the same error when it
    // reaches this point, or an earlier one.)
    if total > maximumBytes || total < 0 {
      continuation.finish(throwing: ServerError.responseTooLarge(bytes: maximumBytes))
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error {
      continuation.finish(throwing: Self.mapped(error, timeout: timeout, url: task.originalRequest?.url))
    } else {
      sendStatus(task)
      continuation.finish()
    }
    session.finishTasksAndInvalidate()
  }

  /// URLSession's errors as the errors Ristretto documents.
  static func mapped(_ error: any Error, timeout: Double, url: URL?) -> any Error {
    guard let error = error as? URLError else { return ServerError.transport(String(describing: type(of: error))) }
    let place = url.map { "\($0.scheme ?? "http")://\($0.host ?? "?"):\($0.port.map(String.init) ?? "")" } ?? "the server"
    switch error.code {
    case .cancelled: return CancellationError()
    case .timedOut: return ServerError.timedOut(seconds: timeout)
    case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed:
      return GenerationError.modelUnavailable(.unreachable("nothing answers at \(place) (\(error.code.name))"))
    case .networkConnectionLost, .badServerResponse:
      return ServerError.truncatedResponse("the connection to \(place) closed mid-answer (\(error.code.name))")
    default: return ServerError.transport("\(error.code.name) talking to \(place)")
    }
  }
}

extension URLError.Code {
  /// A short name for the code, for messages.
  fileprivate var name: String {
    switch self {
    case .cannotConnectToHost: "connection refused"
    case .cannotFindHost, .dnsLookupFailed: "host not found"
    case .notConnectedToInternet: "no network"
    case .networkConnectionLost: "connection lost"
    case .badServerResponse: "bad server response"
    case .timedOut: "timed out"
    default: "URLError \(rawValue)"
    }
  }
}
