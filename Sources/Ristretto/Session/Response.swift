/// The result of a request: the typed content, the raw generated content, the transcript entries
/// the request added, and its token usage.
public struct Response<Content: Sendable>: Sendable {
  /// The answer, as the requested type.
  public let content: Content
  /// The answer as generated content (a string for text responses).
  public let rawContent: GeneratedContent
  /// The entries this request added to the transcript (prompt, tool calls and outputs, response).
  public let transcriptEntries: ArraySlice<Transcript.Entry>
  /// The tokens read and generated over every round of the request.
  public let usage: Usage
  /// Entries the history policy left out of what the model saw to make the request fit.
  public let droppedEntries: [Transcript.Entry]
  /// The probability the model gave its structured answer, where the backend reports one.
  public let confidence: Double?

  /// The tool calls made while answering, in order.
  public var toolCalls: [Transcript.ToolCall] {
    transcriptEntries.flatMap { entry -> [Transcript.ToolCall] in
      if case .toolCalls(let calls) = entry { return calls.calls }
      return []
    }
  }

  /// The outputs of the tools called while answering, in order.
  public var toolOutputs: [Transcript.ToolOutput] {
    transcriptEntries.compactMap { entry in
      if case .toolOutput(let output) = entry { return output }
      return nil
    }
  }
}

/// A stream of cumulative snapshots of a response being generated.
///
/// ```swift
/// for try await snapshot in session.streamResponse(to: "Describe a Kenyan AA") {
///   print(snapshot.content)
/// }
/// ```
public struct ResponseStream<Content: Generable>: AsyncSequence, Sendable {
  /// A snapshot of the response so far.
  public struct Snapshot: Sendable {
    /// The content so far, as the type's partially generated form (every property optional for
    /// a ``GenerableObject``, the text so far for a string).
    public var content: Content.PartiallyGenerated
    /// The content so far as (possibly incomplete) generated content.
    public var rawContent: GeneratedContent
  }

  let stream: AsyncThrowingStream<Snapshot, any Error>
  let final: @Sendable () async throws -> Response<Content>

  /// Iterates the snapshots.
  public func makeAsyncIterator() -> AsyncThrowingStream<Snapshot, any Error>.AsyncIterator {
    stream.makeAsyncIterator()
  }

  /// Waits for the whole response.
  public func collect() async throws -> Response<Content> {
    for try await _ in stream {}
    return try await final()
  }
}
