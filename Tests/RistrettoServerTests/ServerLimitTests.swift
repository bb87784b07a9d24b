import Foundation
import Ristretto
import Testing

@testable import RistrettoServer

/// No server can hang a request or take the process's memory: each bound of ``ServerLimits``
/// ends the request with its typed error, and the transcript stays as it was.
@Suite("Served model: limits")
struct ServerLimitTests {
  /// Runs one request expected to fail and returns its error.
  private func failure(_ model: ServerLanguageModel, options: GenerationOptions = GenerationOptions()) async
    -> any Error
  {
    let session = LanguageModelSession(model: model, instructions: "Be brief.")
    let before = session.transcript
    do {
      _ = try await session.respond(to: "How warm is Turin?", options: options)
    } catch {
      #expect(session.transcript == before)
      return error
    }
    Issue.record("the request did not fail")
    return CancellationError()
  }

  /// The fake server drips until the client goes away, so only the total deadline can end the
  /// request; its typed error proves that it did, however long a loaded machine took to get there.
  @Test("a byte at a time, each within the idle deadline, ends at the total deadline")
  func drip() async throws {
    let server = try FakeHTTPServer([.repeating(": keep-alive\n", interval: 0.05)])
    defer { server.stop() }
    let model = ServerLanguageModel(url: server.url, apiKey: nil, timeout: 5, limits: ServerLimits(totalSeconds: 1))
    let error = await failure(model)
    #expect(error as? ServerError == .deadlineExceeded(seconds: 1))
  }

  @Test("an endless token stream ends at the client-side token limit")
  func endlessTokens() async throws {
    let server = try FakeHTTPServer([.repeating("data: \(Completions.delta("more "))\n\n", interval: 0.002)])
    defer { server.stop() }
    let model = ServerLanguageModel(url: server.url, apiKey: nil, limits: ServerLimits(maximumResponseTokens: 50))
    let error = await failure(model)
    #expect(error as? ServerError == .tooManyTokens(limit: 50))
    let limited = await failure(model, options: GenerationOptions(maximumResponseTokens: 20))
    #expect(limited as? ServerError == .tooManyTokens(limit: 20))
  }

  @Test("a reply the server ended at its limit is kept, though its pieces count more one by one")
  func replyAtTheLimit() async throws {
    let pieces = Array(repeating: ["wo", "rd "], count: 12).flatMap { $0 }
    let server = try FakeHTTPServer([.events(Completions.stream(pieces))])
    defer { server.stop() }
    let model = ServerLanguageModel(url: server.url, apiKey: nil)
    let session = LanguageModelSession(model: model, instructions: "Be brief.")
    let answer = try await session.respond(
      to: "Say word twelve times.", options: GenerationOptions(maximumResponseTokens: 24))
    #expect(answer.content.split(separator: " ") == Array(repeating: "word", count: 12))
    #expect(ServerLimits.ceiling(forTokens: 24) == 64)
    #expect(ServerLimits.ceiling(forTokens: .max) == .max)
  }

  @Test("a line longer than the limit ends the stream")
  func longLine() async throws {
    let server = try FakeHTTPServer([.repeating(String(repeating: "x", count: 4096), interval: 0.002)])
    defer { server.stop() }
    let model = ServerLanguageModel(url: server.url, apiKey: nil, limits: ServerLimits(maximumLineBytes: 64 << 10))
    let error = await failure(model)
    #expect(error as? ServerError == .lineTooLong(bytes: 64 << 10))
  }

  @Test("an answer bigger than the limit is not read whole")
  func hugeAnswer() async throws {
    let server = try FakeHTTPServer([.json(Completions.message(String(repeating: "a", count: 3 << 20)))])
    defer { server.stop() }
    let model = ServerLanguageModel(
      url: server.url, apiKey: nil, streams: false, limits: ServerLimits(maximumResponseBytes: 1 << 20))
    let error = await failure(model)
    #expect(error as? ServerError == .responseTooLarge(bytes: 1 << 20))
  }

  @Test("a huge error body gives the error with the start of its message")
  func hugeErrorBody() async throws {
    let server = try FakeHTTPServer([.json(status: 500, String(repeating: "e", count: 4 << 20))])
    defer { server.stop() }
    let error = await failure(ServerLanguageModel(url: server.url, apiKey: nil))
    guard case .httpStatus(500, let message)? = error as? ServerError else {
      Issue.record("expected HTTP 500, got \(error)")
      return
    }
    #expect(message.count <= 301)
  }

  @Test("absurd numbers in a reply are malformed, never a trap", arguments: ["1e300", "-5", "1.5", "1e19"])
  func absurdUsage(_ number: String) async throws {
    var reader = ChatCompletionReader(guide: .text)
    #expect(throws: ServerError.self) {
      _ = try reader.read(#"{"choices":[],"usage":{"prompt_tokens":\#(number),"completion_tokens":1}}"#)
    }
    var calls = ChatCompletionReader(guide: .text)
    #expect(throws: ServerError.self) {
      _ = try calls.read(
        #"{"choices":[{"delta":{"tool_calls":[{"index":\#(number),"function":{"name":"a","arguments":"{}"}}]}}]}"#)
    }
  }
}
