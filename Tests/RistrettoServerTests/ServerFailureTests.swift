import Foundation
import Ristretto
import Testing

@testable import RistrettoServer

/// Every failure throws a typed error and leaves the session's transcript as it was.
@Suite("Served model: failures")
struct ServerFailureTests {
  /// A session that already holds one exchange, and the transcript before the failing request.
  private func session(_ model: ServerLanguageModel) -> (LanguageModelSession, Transcript) {
    let transcript = Transcript(entries: [
      .instructions(.init(segments: [.text("Be brief.")], toolDefinitions: [])),
      .prompt(.init(id: "p1", segments: [.text("Hello")])), .response(.init(id: "r1", segments: [.text("Hi.")])),
    ])
    return (LanguageModelSession(model: model, transcript: transcript), transcript)
  }

  /// Runs a request expected to fail and returns its error, checking the transcript is unchanged.
  private func failure(_ model: ServerLanguageModel) async throws -> any Error {
    let (session, before) = session(model)
    do {
      _ = try await session.respond(to: "How warm is Turin?")
    } catch {
      #expect(session.transcript == before)
      return error
    }
    Issue.record("the request did not fail")
    return CancellationError()
  }

  @Test("no byte within the timeout: ServerError.timedOut")
  func timeout() async throws {
    let server = try FakeHTTPServer([.silence])
    defer { server.stop() }
    let error = try await failure(ServerLanguageModel(url: server.url, apiKey: nil, timeout: 0.5))
    #expect(error as? ServerError == .timedOut(seconds: 0.5))
  }

  @Test("a body that is not JSON: ServerError.malformedResponse")
  func malformedBody() async throws {
    let server = try FakeHTTPServer([.json("<html>not an API</html>")])
    let error = try await failure(ServerLanguageModel(url: server.url, apiKey: nil, streams: false))
    guard case .malformedResponse? = error as? ServerError else { throw error }
  }

  @Test("a stream that stops before its last chunk: ServerError.truncatedResponse")
  func truncatedStream() async throws {
    let server = try FakeHTTPServer([.events([Completions.delta("Fill "), Completions.delta("to the")], done: false)])
    let error = try await failure(ServerLanguageModel(url: server.url, apiKey: nil))
    guard case .truncatedResponse? = error as? ServerError else { throw error }
  }

  @Test("HTTP 500 with the server's message")
  func serverError() async throws {
    let server = try FakeHTTPServer([.json(status: 500, Completions.error("slot unavailable", code: 500))])
    let error = try await failure(ServerLanguageModel(url: server.url, apiKey: nil))
    #expect(error as? ServerError == .httpStatus(500, message: "slot unavailable"))
  }

  @Test("HTTP 401: typed, and the key is in no message")
  func unauthorized() async throws {
    let key = "sk-secret-987"
    let server = try FakeHTTPServer([.json(status: 401, Completions.error("Invalid API Key \(key)", code: 401))])
    let model = ServerLanguageModel(url: server.url, apiKey: key)
    let error = try await failure(model)
    #expect(error as? ServerError == .httpStatus(401, message: "Invalid API Key <api key>"))
    #expect(error.localizedDescription.contains(key) == false)
    #expect(error.localizedDescription.contains("RISTRETTO_SERVER_API_KEY"))
    let availability = await model.checkAvailability()
    #expect(availability == .unavailable(.serverError(status: 401, message: "Invalid API Key <api key>")))
  }

  @Test("HTTP 429 is GenerationError.rateLimited")
  func rateLimited() async throws {
    let server = try FakeHTTPServer([.json(status: 429, Completions.error("busy", code: 429))])
    let error = try await failure(ServerLanguageModel(url: server.url, apiKey: nil))
    guard case .rateLimited? = error as? GenerationError else { throw error }
  }

  @Test("connection refused: unavailable, and the request throws modelUnavailable")
  func refused() async throws {
    let url = URL(string: "http://127.0.0.1:\(try FakeHTTPServer.closedPort())")!
    let model = await ServerLanguageModel.connect(to: url, apiKey: nil, timeout: 5)
    guard case .unavailable(.unreachable(let reason)) = model.availability else {
      Issue.record("expected unreachable, got \(model.availability)")
      return
    }
    #expect(reason.contains("127.0.0.1"))
    let error = try await failure(ServerLanguageModel(url: url, apiKey: nil, timeout: 5))
    guard case .modelUnavailable(.unreachable)? = error as? GenerationError else { throw error }
  }

  @Test("a guided tool call that is not an envelope: malformed, and no tool runs")
  func badEnvelope() async throws {
    let server = try FakeHTTPServer([.events(Completions.stream(["I would call the thermometer."]))])
    let model = ServerLanguageModel(url: server.url, apiKey: nil)
    let session = LanguageModelSession(model: model, tools: [Thermometer()], instructions: "Use tools.")
    await #expect(throws: ServerError.self) { try await session.respond(to: "Turin?") }
    #expect(session.transcript.count <= 1)
  }

  @Test("cancelling the consumer ends a stalled stream promptly")
  func cancellation() async throws {
    let server = try FakeHTTPServer([.stall([Completions.delta("Fill ")])])
    defer { server.stop() }
    let model = ServerLanguageModel(url: server.url, apiKey: nil, timeout: 30)
    let task = Task { try await collect(model.generate(request("Hi"))) }
    try await Task.sleep(for: .milliseconds(300))
    task.cancel()
    // Cancelling reaches the HTTP request synchronously, so the stream ends cancelled rather than
    // by the 30-second timeout. (Wall time is not asserted: when the test process's thread pool is
    // busy with other suites, resuming this task can wait, although the request was cancelled.)
    if case .failure(let error) = await task.result {
      #expect(!(error is ServerError), "the stalled stream ended by \(error), not by cancellation")
    }
  }
}
