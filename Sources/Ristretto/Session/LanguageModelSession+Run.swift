extension LanguageModelSession {
  /// What a finished request produced, before it is typed.
  struct RunResult: Sendable {
    var content: GeneratedContent
    var entries: ArraySlice<Transcript.Entry>
    var usage: Usage
    var dropped: [Transcript.Entry]
    var confidence: Double?

    func response<Content>(_ map: (GeneratedContent) throws -> Content) rethrows -> Response<Content> {
      Response(
        content: try map(content), rawContent: content, transcriptEntries: entries, usage: usage, droppedEntries: dropped,
        confidence: confidence)
    }
  }

  /// Runs one request: renders, generates, calls tools, and repeats until the model answers.
  /// The transcript changes only when the whole request succeeds.
  func run(
    prompt: Prompt, schema: GenerationSchema?, includeSchemaInPrompt: Bool, options: GenerationOptions,
    onSnapshot: (@Sendable (GeneratedContent) -> Void)?
  ) async throws -> RunResult {
    let stored = try state.withLock { state throws(GenerationError) -> Transcript in
      guard !state.isResponding else { throw .concurrentRequests }
      state.isResponding = true
      return state.transcript
    }
    defer { state.withLock { $0.isResponding = false } }
    // Every snapshot and the final content of one response share an identity.
    let generationID = GenerationID()
    let onSnapshot = onSnapshot.map { report in
      { @Sendable (content: GeneratedContent) in report(content.identified(by: generationID)) }
    }

    if case .unavailable(let reason) = model.availability { throw GenerationError.modelUnavailable(reason) }
    let options = try options.validated()
    let configuration = currentConfiguration()
    try refuseIfNeverFits(prompt, instructions: configuration.instructions, options: options)
    if let schema {
      do {
        _ = try GuidanceGrammar.cached(schema: schema)
      } catch {
        throw GenerationError.unsupportedGuide(error.localizedDescription)
      }
    }
    var working = stored.entries
    let instructions = Self.instructionsEntry(configuration)
    // (Replaced only when it differs: writing to the stored history's array copies all of it.)
    if case .instructions? = working.first {
      if working[0] != instructions { working[0] = instructions }
    } else {
      working.insert(instructions, at: 0)
    }
    let firstNew = working.count
    working.append(
      .prompt(
        Transcript.Prompt(
          id: "prompt-\(working.count)", segments: prompt.segments.map { .text($0) }, options: options, responseFormat: schema)))

    let definitions = configuration.tools.map(\.definition)
    // A grounded follow-up may be answered from the tool outputs of an earlier turn.
    let earlierToolTurn = grounding != nil && schema == nil ? Self.latestToolTurn(working[..<firstNew]) : nil
    var usage = Usage()
    // What the history policy left out over the rounds: by position in `working` (which only
    // grows during a run), or by identity when a history transform rewrites the entries; the
    // entries themselves are gathered once, not per round.
    var droppedIndices: [Int] = []
    var droppedPositions = Set<Int>()
    var droppedByTransform: [Transcript.Entry] = []
    var droppedIDs = Set<String>()
    var dropped: [Transcript.Entry] {
      historyTransform == nil ? droppedIndices.map { working[$0] } : droppedByTransform
    }
    var rejectedCalls = 0
    // A grounded turn ends with the app's statements as its answer.
    func groundedResult(_ text: String, confidence: Double? = nil) -> RunResult {
      working.append(.response(Transcript.Response(id: "response-\(working.count)", segments: [.text(text)])))
      let final = working
      state.withLock { $0.transcript = Transcript(entries: final) }
      onSnapshot?(GeneratedContent(kind: .string(text)))
      return RunResult(
        content: GeneratedContent(kind: .string(text), id: generationID), entries: final[firstNew...], usage: usage,
        dropped: dropped, confidence: confidence)
    }
    for round in 0...maximumToolRounds {
      try Task.checkCancellation()
      var request: GenerationRequest
      do {
        // (What was left out is read here, so that nothing holds `working`'s storage when the
        // round appends to it: a shared array is copied whole on its next append.)
        let (fitted, droppedNow) = try fittedRequest(
          entries: working, tools: definitions, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt,
          options: options)
        request = fitted
        if historyTransform == nil {
          for index in droppedNow.indices where droppedPositions.insert(index).inserted { droppedIndices.append(index) }
        } else {
          for entry in droppedNow.entries where droppedIDs.insert(entry.id).inserted { droppedByTransform.append(entry) }
        }
      }
      request.mayDeclineTools = round == 0 && earlierToolTurn != nil && !definitions.isEmpty
      let outcome = try await generateOnce(request, schema: schema, onSnapshot: onSnapshot)
      usage = usage + outcome.usage
      if outcome.declinedTools, request.mayDeclineTools, let grounding, let earlierToolTurn {
        let (text, selectionUsage) = try await groundedAnswer(
          grounding, prompt: prompt, turn: earlierToolTurn, entries: working, turnStart: working.count,
          tools: definitions, options: options)
        usage = usage + selectionUsage
        return groundedResult(text, confidence: outcome.confidence)
      }
      if !outcome.calls.isEmpty {
        guard round < maximumToolRounds else { throw GenerationError.toolLoopLimit(rounds: maximumToolRounds) }
        let roundID = working.count
        let calls = outcome.calls.enumerated().map { offset, call in
          Transcript.ToolCall(
            id: call.id.isEmpty ? "call-\(roundID)-\(offset)" : call.id, toolName: call.toolName, arguments: call.arguments)
        }
        working.append(.toolCalls(Transcript.ToolCalls(id: "toolCalls-\(roundID)", calls: calls)))
        for call in calls {
          guard let tool = configuration.tools.first(where: { $0.name == call.toolName }) else {
            throw GenerationError.unknownTool(call.toolName)
          }
          let outcome = try await perform(call, with: tool)
          if case .rejected(let violation) = outcome {
            rejectedCalls += 1
            guard rejectedCalls <= maximumArgumentCorrections else {
              throw GenerationError.invalidToolArguments(
                tool: tool.name, reason: violation.errorDescription ?? violation.reason, attempts: rejectedCalls)
            }
          }
          try Task.checkCancellation()
          working.append(.toolOutput(outcome.output(of: call, tool: tool)))
        }
        if let grounding, schema == nil {
          let (text, selectionUsage) = try await groundedAnswer(
            grounding, prompt: prompt, turn: Array(working[firstNew...]), entries: working, turnStart: firstNew,
            tools: definitions, options: options)
          usage = usage + selectionUsage
          return groundedResult(text)
        }
        continue
      }
      let content = outcome.content.identified(by: generationID)
      let segment: Transcript.Segment
      if case .string(let text) = content.kind, schema == nil {
        segment = .text(text)
      } else {
        segment = .structure(content)
      }
      working.append(.response(Transcript.Response(id: "response-\(working.count)", segments: [segment])))
      let final = working
      state.withLock { $0.transcript = Transcript(entries: final) }
      return RunResult(
        content: content, entries: final[firstNew...], usage: usage, dropped: dropped, confidence: outcome.confidence)
    }
    throw GenerationError.toolLoopLimit(rounds: maximumToolRounds)
  }

  /// The entries of the newest earlier turn that holds tool outputs (its prompt to the next
  /// prompt), or nil when no earlier turn ran a tool.
  static func latestToolTurn(_ entries: ArraySlice<Transcript.Entry>) -> [Transcript.Entry]? {
    guard let output = entries.lastIndex(where: { if case .toolOutput = $0 { true } else { false } }) else { return nil }
    let isPrompt: (Transcript.Entry) -> Bool = { if case .prompt = $0 { true } else { false } }
    let start = entries[..<output].lastIndex(where: isPrompt) ?? entries.startIndex
    let end = entries[output...].firstIndex(where: isPrompt) ?? entries.endIndex
    return Array(entries[start..<end])
  }

  /// The grounded answer of a turn whose tools ran (or of a follow-up answered from an earlier
  /// turn's outputs, `turn`): required statements, then the ones the model picks.
  ///
  /// The selection request lists the turn's tools, as its tool call did, though the schema means
  /// none can be called: the prompt then starts as the tool call's did (the call included), and a
  /// backend that keeps its KV cache evaluates only what follows. The turn's tool outputs are left
  /// out unless the grounding shows them: the statements say the same.
  private func groundedAnswer(
    _ grounding: Grounding, prompt: Prompt, turn: [Transcript.Entry], entries: [Transcript.Entry], turnStart: Int,
    tools: [ToolDefinition], options: GenerationOptions
  ) async throws -> (String, Usage) {
    let question = prompt.segments.joined(separator: " ")
    let statements = grounding.statements(question, turn)
    let required = statements.filter(\.isRequired)
    let optional = statements.filter { !$0.isRequired }
    guard optional.count > 1 else { return (Grounding.answer(required: required, optional: optional, picks: ["1"]), Usage()) }
    let schema = grounding.selectionSchema(count: optional.count)
    var selection = grounding.selectionHistory(entries, turnStart: turnStart)
    selection.append(
      .prompt(
        Transcript.Prompt(
          id: "selection-\(entries.count)", segments: [.text(grounding.selectionPrompt(question: question, optional: optional))],
          options: options, responseFormat: schema)))
    let (request, _) = try fittedRequest(
      entries: selection, tools: tools, schema: schema, includeSchemaInPrompt: false, options: options)
    let outcome = try await generateOnce(request, schema: schema, onSnapshot: nil)
    let picks: [String] = (try? outcome.content.value([String].self, forProperty: "picks")) ?? []
    return (Grounding.answer(required: required, optional: optional, picks: picks), outcome.usage)
  }

  private struct Outcome {
    var content: GeneratedContent
    var calls: [Transcript.ToolCall]
    var usage: Usage
    var confidence: Double? = nil
    /// The model declined every tool (an empty tool-call event).
    var declinedTools = false
  }

  /// One backend generation: collects text, structure, tool calls and usage.
  private func generateOnce(
    _ request: GenerationRequest, schema: GenerationSchema?, onSnapshot: (@Sendable (GeneratedContent) -> Void)?
  ) async throws -> Outcome {
    var text = ""
    var structure: GeneratedContent?
    var calls: [Transcript.ToolCall] = []
    var usage: Usage?
    var confidence: Double?
    var declined = false
    var filter = MarkupFilter(markers: schema == nil ? model.markupTexts : [])
    events: for try await event in model.generate(request) {
      try Task.checkCancellation()
      switch event {
      case .text(let delta):
        text += filter.feed(delta)
        if filter.isStopped {
          while text.last?.isWhitespace == true { text.removeLast() }
        }
        if let onSnapshot {
          if schema == nil {
            onSnapshot(GeneratedContent(kind: .string(text), isComplete: false))
          } else if let partial = try? GeneratedContent(partialJSON: text) {
            onSnapshot(partial)
          }
        }
      case .structure(let content):
        structure = content
        onSnapshot?(content)
      case .toolCalls(let newCalls):
        calls += newCalls
        if newCalls.isEmpty { declined = true }
      case .usage(let reported): usage = (usage ?? Usage()) + reported
      case .confidence(let value): confidence = value
      }
      // Marker text means the model left its turn: stop reading (the backend stops generating).
      if filter.isStopped { break events }
    }
    text += filter.finish()
    try Task.checkCancellation()
    let measured =
      usage
      ?? Usage(promptTokens: model.tokenCount(for: request), generatedTokens: model.tokenizer.count(text))
    if !calls.isEmpty { return Outcome(content: .null, calls: calls, usage: measured) }
    if declined, text.isEmpty, structure == nil {
      return Outcome(
        content: GeneratedContent(kind: .string("")), calls: [], usage: measured, confidence: confidence, declinedTools: true)
    }
    guard let schema else {
      return Outcome(
        content: structure ?? GeneratedContent(kind: .string(text)), calls: [], usage: measured, confidence: confidence)
    }
    let content: GeneratedContent
    if let structure {
      content = structure
    } else {
      do {
        content = try GeneratedContent(json: text)
      } catch {
        throw GenerationError.decodingFailure("the response is not valid JSON (\(error.localizedDescription))")
      }
    }
    do {
      try validate(content, against: schema)
    } catch {
      throw GenerationError.decodingFailure(error.localizedDescription)
    }
    return Outcome(content: content, calls: [], usage: measured, confidence: confidence)
  }
}
