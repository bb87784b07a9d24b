extension LanguageModelSession {
  /// Builds the request the model will see, applying the history transform and, when the
  /// request does not fit, the history policy. Returns the entries left out.
  func fittedRequest(
    entries: [Transcript.Entry], tools: [ToolDefinition], schema: GenerationSchema?, includeSchemaInPrompt: Bool,
    options: GenerationOptions
  ) throws -> (GenerationRequest, [Transcript.Entry]) {
    let visible =
      historyTransform.map { transform in
        guard case .instructions = entries.first else { return transform(entries) }
        return [entries[0]] + transform(Array(entries.dropFirst()))
      } ?? entries
    let reserve = options.maximumResponseTokens ?? HistoryPolicy.defaultResponseReserve
    func request(_ entries: [Transcript.Entry]) -> GenerationRequest {
      GenerationRequest(
        transcript: Transcript(entries: entries), tools: tools, responseSchema: schema,
        includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
    func cost(_ entries: [Transcript.Entry]) -> Int { model.tokenCount(for: request(entries)) + reserve }
    var current = visible
    var total = cost(current)
    if total <= model.contextSize { return (request(current), []) }
    var dropped: [Transcript.Entry] = []
    switch historyPolicy {
    case .strict:
      break
    case .rollingWindow(let count):
      let head =
        current.first.map { entry -> [Transcript.Entry] in
          if case .instructions = entry { return [entry] }
          return []
        } ?? []
      var body = Array(current.dropFirst(head.count))
      while !body.isEmpty, body.count > count || cost(head + body) > model.contextSize, !Self.isNewestTurn(body) {
        dropped.append(body.removeFirst())
      }
      current = head + body
      total = cost(current)
    case .dropToolRoundsFirst:
      while total > model.contextSize, let index = Self.oldestCompletedToolRound(current) {
        let range = Self.toolRoundRange(current, from: index)
        dropped += current[range]
        current.removeSubrange(range)
        total = cost(current)
      }
      while total > model.contextSize, let index = Self.oldestDroppableTurn(current) {
        dropped.append(current.remove(at: index))
        total = cost(current)
      }
    }
    guard total <= model.contextSize else {
      throw GenerationError.exceededContextWindowSize(contextSize: model.contextSize, tokenCount: total)
    }
    return (request(current), dropped)
  }

  /// Whether `body` is only the request under way (its prompt and what followed it).
  private static func isNewestTurn(_ body: [Transcript.Entry]) -> Bool {
    guard case .prompt = body.first else { return false }
    return !body.dropFirst().contains { if case .prompt = $0 { return true } else { return false } }
  }

  /// The index of the oldest tool-calls entry whose outputs are followed by more entries.
  private static func oldestCompletedToolRound(_ entries: [Transcript.Entry]) -> Int? {
    guard let lastPrompt = entries.lastIndex(where: { if case .prompt = $0 { return true } else { return false } }) else {
      return nil
    }
    return entries.indices.first { index in
      guard index < lastPrompt, case .toolCalls = entries[index] else { return false }
      return true
    }
  }

  private static func toolRoundRange(_ entries: [Transcript.Entry], from index: Int) -> Range<Int> {
    var end = index + 1
    while end < entries.count, case .toolOutput = entries[end] { end += 1 }
    return index..<end
  }

  /// The oldest prompt or response that is not part of the request under way.
  private static func oldestDroppableTurn(_ entries: [Transcript.Entry]) -> Int? {
    guard let lastPrompt = entries.lastIndex(where: { if case .prompt = $0 { return true } else { return false } }) else {
      return nil
    }
    return entries.indices.first { index in
      guard index < lastPrompt else { return false }
      if case .instructions = entries[index] { return false }
      return true
    }
  }
}
