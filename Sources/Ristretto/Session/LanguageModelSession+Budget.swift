extension LanguageModelSession {
  /// Builds the request the model will see, applying the history transform and, when the
  /// request does not fit, the history policy. Returns what was left out.
  func fittedRequest(
    entries: [Transcript.Entry], tools: [ToolDefinition], schema: GenerationSchema?, includeSchemaInPrompt: Bool,
    options: GenerationOptions
  ) throws -> (GenerationRequest, HistoryDrop) {
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
    func planCost(_ plan: HistoryPlan, dropping units: Int) -> Int { cost(plan.entries(dropping: units)) }
    let limit = model.contextSize
    let plan = HistoryPlan(visible, policy: historyPolicy)
    guard case .strict = historyPolicy else {
      return try fit(plan, limit: limit, cost: planCost, request: request)
    }
    let total = cost(visible)
    guard total <= limit else {
      throw GenerationError.exceededContextWindowSize(contextSize: limit, tokenCount: total)
    }
    return (request(visible), HistoryDrop(plan: plan, units: 0))
  }

  /// Leaves out the fewest of `plan`'s units, in its order, for the request to fit `limit`.
  ///
  /// Each entry's count comes from ``entryTokenCounts`` (measured once per session), so the
  /// estimate of what to leave out costs a lookup per entry; exact counts of the request then
  /// confirm it, stepping one unit either way while the estimate is off.
  private func fit(
    _ plan: HistoryPlan, limit: Int, cost: (HistoryPlan, Int) -> Int,
    request: ([Transcript.Entry]) -> GenerationRequest
  ) throws -> (GenerationRequest, HistoryDrop) {
    // What no policy drops (the instructions and the turn under way) must fit on its own; if it
    // does not, refuse now rather than count the history again for each entry dropped.
    let least = cost(plan, plan.units.count)
    guard least <= limit else {
      throw GenerationError.exceededContextWindowSize(contextSize: limit, tokenCount: least)
    }
    var units = plan.estimatedDrop(base: least, limit: limit) { entryTokenCounts.tokens(of: $0, in: model) }
    var total = cost(plan, units)
    if total <= limit {
      while units > plan.forcedUnits, case let fewer = cost(plan, units - 1), fewer <= limit {
        units -= 1
        total = fewer
      }
    } else {
      while total > limit, units < plan.units.count {
        units += 1
        total = cost(plan, units)
      }
    }
    guard total <= limit else {
      throw GenerationError.exceededContextWindowSize(contextSize: limit, tokenCount: total)
    }
    return (request(plan.entries(dropping: units)), HistoryDrop(plan: plan, units: units))
  }

  /// Refuses, from lengths alone and before anything is tokenized, a request whose prompt and
  /// instructions could not fit the context however much history were dropped: their text needs
  /// at least `bytes / maximumTokenBytes` tokens (``Tokenizer/minimumTokenCount(_:)``), and the
  /// response reserve comes on top. Text the backend reads is never shorter than the text given.
  func refuseIfNeverFits(_ prompt: Prompt, instructions: Instructions?, options: GenerationOptions) throws(GenerationError) {
    // One text, no separators: the bound of a concatenation never exceeds the bounds of its
    // parts, however the renderer splits or joins them.
    let text = (instructions?.segments ?? []).joined() + prompt.segments.joined()
    let (needed, overflow) = model.tokenizer.minimumTokenCount(text).addingReportingOverflow(options.responseReserve)
    guard overflow || needed > model.contextSize else { return }
    throw .exceededContextWindowSize(contextSize: model.contextSize, tokenCount: overflow ? Int.max : needed)
  }
}
