extension GenerationError.Refusal {
  /// Why the model refused: the text of the newest response entry of the refused exchange, or a
  /// sentence saying no reason was given. It asks no model, so it never throws.
  public var explanation: Response<String> {
    get async throws { explanationResponse }
  }

  /// ``explanation`` as a stream of one snapshot.
  public var explanationStream: ResponseStream<String> {
    let response = explanationResponse
    let snapshot = ResponseStream<String>.Snapshot(content: response.content, rawContent: response.rawContent)
    return ResponseStream(
      stream: AsyncThrowingStream { continuation in
        continuation.yield(snapshot)
        continuation.finish()
      }, final: { response })
  }

  private var explanationResponse: Response<String> {
    let text =
      transcriptEntries.reversed().lazy.compactMap { entry -> String? in
        guard case .response(let response) = entry else { return nil }
        return response.segments.map(\.text).joined(separator: "\n")
      }.first ?? "The model gave no reason for refusing."
    return Response(
      content: text, rawContent: GeneratedContent(kind: .string(text)), transcriptEntries: ArraySlice(transcriptEntries),
      usage: Usage(), droppedEntries: [], confidence: nil)
  }
}
