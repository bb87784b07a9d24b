#if Llama
  import CLlama
  import Foundation
  import Ristretto

  /// One generation on the llama context: prefill with prefix reuse, then token by token with
  /// logits masked by the guidance automaton.
  struct GenerationJob: Sendable {
    let model: LlamaLanguageModel
    let tokenizer: LlamaTokenizer
    let request: GenerationRequest
    let cancelled: CancelFlag

    enum Mode { case text, structured, textOrTool, tool }

    typealias GenerationError = LanguageModelSession.GenerationError

    func run(_ emit: (GenerationEvent) -> Void) throws {
      // Markup with special tokens read, content as plain text: no content becomes a control token.
      let prompt = tokenizer.encode(model.render(request)).map(Int32.init)
      let (mode, grammar, toolGrammar) = try setUp()
      // Free text gets a limit sized for an answer; structured values and tool calls may need more.
      // At least one token and never more than the context holds (the options may come from a
      // caller that skipped the session's checks).
      let limit = min(max(request.options.maximumResponseTokens ?? (mode == .text ? 256 : 512), 1), model.contextSize)
      guard prompt.count + min(limit, 64) <= model.contextSize else {
        throw GenerationError.exceededContextWindowSize(contextSize: model.contextSize, tokenCount: prompt.count + limit)
      }
      let limitInContext = min(limit, model.contextSize - prompt.count)
      let fixedPrefix = model.fixedPrefixLength(of: request, prompt: prompt, tokenizer: tokenizer)
      try model.engine.withLock { (slot: inout LlamaEngine?) throws in
        guard slot != nil else { throw GenerationError.modelUnavailable(model.availability.reason) }
        let cachedCount = try slot!.prefill(prompt, fixedPrefix: fixedPrefix)
        var loop = DecodeLoop(
          engine: slot!, options: request.options, mode: mode, grammar: grammar, toolGrammar: toolGrammar,
          cancelled: cancelled)
        let clock = ContinuousClock.now
        defer {
          loop.engine.statistics.generationSeconds += (ContinuousClock.now - clock).seconds
          slot = loop.engine
        }
        let output = try loop.run(limit: limitInContext, emit: emit)
        loop.engine.statistics.generatedTokens += output.tokenCount
        if mode == .structured, let confidence = output.confidence { emit(.confidence(confidence)) }
        // A tool call's confidence is that of its first choice: which tool.
        if output.isToolCall, let first = output.firstChoice { emit(.confidence(first)) }
        if output.isToolCall {
          emit(.toolCalls(try Self.calls(from: output.bytes).filter { !(declinable && $0.toolName == Self.noTool) }))
        }
        emit(.usage(Usage(promptTokens: prompt.count, cachedPromptTokens: cachedCount, generatedTokens: output.tokenCount)))
      }
    }

    /// The tool name a guided call uses to decline every tool (when the request allows it).
    static let noTool = "none"

    /// Whether this request's tool call may be `{"tool": "none"}`: the session allows it, and no
    /// tool of the request is itself named so.
    var declinable: Bool { request.mayDeclineTools && !request.tools.contains { $0.name == Self.noTool } }

    /// The mode and grammars for this request.
    private func setUp() throws -> (Mode, GuidanceGrammar?, GuidanceGrammar?) {
      if let schema = request.responseSchema {
        do {
          return (.structured, try GuidanceGrammar.cached(schema: schema), nil)
        } catch {
          throw GenerationError.unsupportedGuide(error.localizedDescription)
        }
      }
      guard !request.tools.isEmpty else { return (.text, nil, nil) }
      let toolGrammar: GuidanceGrammar
      do {
        toolGrammar = try GuidanceGrammar.cached(
          schema: Self.toolCallSchema(
            request.tools, maximumStringLength: model.maximumToolStringLength, declinable: declinable))
      } catch {
        throw GenerationError.unsupportedGuide(error.localizedDescription)
      }
      let answeredTools = request.transcript.entries.last.map { if case .toolOutput = $0 { true } else { false } } ?? false
      if model.toolCalling == .required { return answeredTools ? (.text, nil, nil) : (.tool, nil, toolGrammar) }
      return (.textOrTool, nil, toolGrammar)
    }

    /// `{"tool": one of the enabled names, "arguments": that tool's schema}`, free strings
    /// bounded to `maximumStringLength` characters (a small model may otherwise never close one).
    /// When `declinable`, `{"tool": "none"}` is one more choice, so that declining is a choice
    /// among the others, with its probability.
    static func toolCallSchema(
      _ tools: [ToolDefinition], maximumStringLength: Int? = nil, declinable: Bool = false
    ) -> GenerationSchema {
      var definitions: [GenerationSchema.Definition] = []
      let choices = tools.map { tool -> GenerationSchema.Node in
        for definition in tool.parameters.definitions where !definitions.contains(where: { $0.name == definition.name }) {
          definitions.append(definition)
        }
        let arguments = maximumStringLength.map { bounded(tool.parameters.root, to: $0) } ?? tool.parameters.root
        return .object(
          name: "Call",
          properties: [.init(name: "tool", node: .stringEnum([tool.name])), .init(name: "arguments", node: arguments)])
      }
      if let limit = maximumStringLength {
        definitions = definitions.map { .init(name: $0.name, node: bounded($0.node, to: limit)) }
      }
      let all =
        declinable
        ? choices + [.object(name: "NoCall", properties: [.init(name: "tool", node: .stringEnum([noTool]))])] : choices
      return GenerationSchema(root: all.count == 1 ? all[0] : .anyOf(all), definitions: definitions)
    }

    /// `node` with every free string (no pattern) limited to `limit` characters.
    static func bounded(_ node: GenerationSchema.Node, to limit: Int) -> GenerationSchema.Node {
      switch node {
      case .string(nil): .string(pattern: ".{0,\(limit)}")
      case .array(let element, let minimum, let maximum):
        .array(bounded(element, to: limit), minimumCount: minimum, maximumCount: maximum)
      case .object(let name, let description, let properties):
        .object(
          name: name, description: description,
          properties: properties.map {
            .init(name: $0.name, description: $0.description, node: bounded($0.node, to: limit), isOptional: $0.isOptional)
          })
      case .anyOf(let choices): .anyOf(choices.map { bounded($0, to: limit) })
      default: node
      }
    }

    static func calls(from bytes: [UInt8]) throws -> [Transcript.ToolCall] {
      let content: GeneratedContent
      do {
        content = try GeneratedContent(json: String(decoding: bytes, as: UTF8.self))
      } catch {
        throw GenerationError.decodingFailure("the tool call is not valid JSON: \(error.localizedDescription)")
      }
      let name: String = try content.value(forProperty: "tool")
      let arguments = (try? content.properties())?.first { $0.key == "arguments" }?.value ?? .null
      return [Transcript.ToolCall(id: "", toolName: name, arguments: arguments)]
    }
  }

  /// The token-by-token loop (separate from the job so benchmarks can drive it directly).
  struct DecodeLoop {
    var engine: LlamaEngine
    var sampler: TokenSampler
    let mode: GenerationJob.Mode
    let grammar: GuidanceGrammar?
    let toolGrammar: GuidanceGrammar?
    let cancelled: CancelFlag?
    /// Never stop at end-of-generation (benchmarks of unguided decoding).
    var ignoreEndOfGeneration = false
    /// Return an unfinished value at the limit instead of throwing (benchmarks).
    var allowIncomplete = false
    /// Divides (or multiplies, when negative) the logit of every token among the last 64 of free
    /// text, so a small model does not repeat itself; 1 turns it off.
    var repetitionPenalty: Float = 1.15
    /// Stops free text that loops (and drops the repeated run); nil turns it off.
    var repetition: RepetitionDetector? = RepetitionDetector()

    struct Output {
      var bytes: [UInt8] = []
      var tokenCount = 0
      var isToolCall = false
      var confidence: Double?
      /// The probability of the first token chosen among several (for a tool call: the tool's name).
      var firstChoice: Double?
    }

    init(
      engine: LlamaEngine, options: GenerationOptions, mode: GenerationJob.Mode, grammar: GuidanceGrammar?,
      toolGrammar: GuidanceGrammar?, cancelled: CancelFlag?
    ) {
      self.engine = engine
      self.sampler = TokenSampler(options: options)
      self.mode = mode
      self.grammar = grammar
      self.toolGrammar = toolGrammar
      self.cancelled = cancelled
    }

    mutating func run(limit: Int, emit: (GenerationEvent) -> Void) throws -> Output {
      var output = Output()
      var guidance: GuidanceState? = mode == .structured ? grammar?.initialState : mode == .tool ? toolGrammar?.initialState : nil
      output.isToolCall = mode == .tool
      var pending: [UInt8] = []
      var confidence = 1.0
      var choices = 0
      var recent: [Int] = []
      var held: [[UInt8]] = []
      func send(_ bytes: [UInt8]) {
        output.bytes += bytes
        guard !output.isToolCall else { return }
        pending += bytes
        var valid = pending.count
        while valid > 0, String(validating: pending.prefix(valid), as: UTF8.self) == nil { valid -= 1 }
        if valid > 0 {
          emit(.text(String(decoding: pending.prefix(valid), as: UTF8.self)))
          pending.removeFirst(valid)
        }
      }
      var step = 0
      while output.tokenCount < limit {
        if cancelled?.isSet == true || Task.isCancelled { throw CancellationError() }
        if let state = guidance {
          if state.isFinished { break }
          let forced = state.forcedContinuation()
          if !forced.isEmpty, let text = String(validating: forced, as: UTF8.self) {
            let tokens = LlamaTokenizer.tokens(text, vocab: engine.model.vocab, parseSpecial: false)
            if tokens.flatMap({ engine.pieces[Int($0)] }) == forced, let next = state.advanced(by: forced) {
              try engine.decode(tokens)
              guidance = next
              output.tokenCount += tokens.count
              send(forced)
              step += 1
              continue
            }
          }
        }
        guard let logits = engine.logits() else { throw LlamaError.decodeFailed(code: -1) }
        let isFreeText = guidance == nil && !output.isToolCall
        if isFreeText, repetitionPenalty != 1 {
          for token in Set(recent.suffix(64)) {
            logits[token] = logits[token] > 0 ? logits[token] / repetitionPenalty : logits[token] * repetitionPenalty
          }
        }
        let mask = guidance.map { engine.masks.mask(for: $0) }
        let complete = guidance?.isComplete ?? true
        let toolMask = (mode == .textOrTool && step == 0) ? toolGrammar.map { engine.masks.mask(for: $0.initialState) } : nil
        let pieces = engine.pieces
        let ends = engine.endOfGeneration
        let ignoreEnd = ignoreEndOfGeneration
        let extra = mask != nil && complete && !ignoreEnd ? engine.endOfGenerationList : []
        let pick = sampler.pick(logits: logits, count: engine.vocabularySize, mask: mask, extra: extra) { token in
          if ends.contains(token) { return complete && !ignoreEnd }
          if let toolMask, pieces[token].first == UInt8(ascii: "{") { return toolMask.contains(token) }
          return mask != nil || !pieces[token].isEmpty
        }
        guard pick.token >= 0 else {
          if guidance != nil { throw LanguageModelSession.GenerationError.decodingFailure("no token can continue the value") }
          break
        }
        if ends.contains(pick.token) { break }
        if let probability = pick.probability, (mask?.allowedCount ?? 0) > 1 {
          if choices == 0 { output.firstChoice = probability }
          confidence *= probability
          choices += 1
        }
        let bytes = engine.pieces[pick.token]
        if toolMask != nil, bytes.first == UInt8(ascii: "{"), let tools = toolGrammar {
          output.isToolCall = true
          guidance = tools.initialState
        }
        if let state = guidance {
          guard let next = state.advanced(by: bytes) else {
            throw LanguageModelSession.GenerationError.decodingFailure("a masked token was refused by the automaton")
          }
          guidance = next
        }
        try engine.decode([Int32(pick.token)])
        output.tokenCount += 1
        step += 1
        if isFreeText { recent.append(pick.token) }
        guard guidance == nil, !output.isToolCall, repetition != nil else {
          send(bytes)
          continue
        }
        // Free text is held back by the detector's window, so a loop can be dropped unseen. The
        // detector is mutated in place (a copy would copy its tables every token).
        held.append(bytes)
        if repetition!.append(pick.token) {
          held.removeAll()
          break
        }
        if held.count > repetition!.window { send(held.removeFirst()) }
      }
      held.forEach(send)
      if let state = guidance, !state.isComplete, !allowIncomplete {
        throw LanguageModelSession.GenerationError.decodingFailure(
          "generation stopped after \(output.tokenCount) tokens, before the value was complete; raise maximumResponseTokens")
      }
      if !pending.isEmpty, !output.isToolCall { emit(.text(String(decoding: pending, as: UTF8.self))) }
      output.confidence = choices > 0 ? confidence : nil
      return output
    }
  }
#endif
