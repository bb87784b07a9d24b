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
    let reserve = options.responseReserve
    func request(_ entries: [Transcript.Entry]) -> GenerationRequest {
      GenerationRequest(
        transcript: Transcript(entries: entries), tools: tools, responseSchema: schema,
        includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
    // Saturating: a reserve of Int.max is "more than any context", not an overflow.
    func cost(_ entries: [Transcript.Entry]) -> Int {
      let (sum, overflow) = model.tokenCount(for: request(entries)).addingReportingOverflow(reserve)
      return overflow ? Int.max : sum
    }
    var current = visible
    var total = cost(current)
    if total <= model.contextSize { return (request(current), []) }
    // What no policy drops (the instructions and the turn under way) must fit on its own; if it
    // does not, refuse now rather than count the history again for each entry dropped.
    let kept = Self.undroppable(current)
    if case .strict = historyPolicy {
    } else if kept.count < current.count {
      let least = cost(kept)
      guard least <= model.contextSize else {
        throw GenerationError.exceededContextWindowSize(contextSize: model.contextSize, tokenCount: least)
      }
    }
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

  /// Refuses, from lengths alone and before anything is tokenized, a request whose prompt and
  /// instructions could not fit the context however much history were dropped: their text needs
  /// at least `bytes / maximumTokenBytes` tokens (``Tokenizer/minimumTokenCount(_:)``), and the
  /// response reserve comes on top. Text the backend reads is never shorter than the text given.
  func refuseIfNeverFits(_ prompt: Prompt, instructions: Instructions?, options: GenerationOptions) throws(GenerationError) {
    guard let longest = model.tokenizer.maximumTokenBytes, longest > 0 else { return }
    let bytes = (prompt.segments + (instructions?.segments ?? [])).reduce(0) { $0 + $1.utf8.count }
    let (needed, overflow) = ((bytes + longest - 1) / longest).addingReportingOverflow(options.responseReserve)
    guard overflow || needed > model.contextSize else { return }
    throw .exceededContextWindowSize(contextSize: model.contextSize, tokenCount: overflow ? Int.max : needed)
  }

  /// The entries no history policy drops: the instructions and the turn under way (from the
  /// newest prompt on).
  private static func undroppable(_ entries: [Transcript.Entry]) -> [Transcript.Entry] {
    let head =
      entries.first.map { entry -> [Transcript.Entry] in
        if case .instructions = entry { return [entry] }
        return []
      } ?? []
    guard let lastPrompt = entries.lastIndex(where: { if case .prompt = $0 { return true } else { return false } }) else {
      return entries
    }
    return head + entries[max(lastPrompt, head.count)...]
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
