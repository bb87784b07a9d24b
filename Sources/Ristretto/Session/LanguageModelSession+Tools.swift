import Foundation

extension LanguageModelSession {
  /// What happened to one tool call.
  enum CallOutcome: Sendable {
    /// The tool ran; its output segments.
    case ran([Transcript.Segment])
    /// The arguments broke the tool's schema; the tool did not run and the model is told why.
    case rejected(SchemaViolation)
    /// The app's delegate denied the call; the model receives the denial as the output.
    case denied(ToolCallDenial)

    /// The output the model receives for `call`: the tool's, the correction or the denial.
    func output(of call: Transcript.ToolCall, tool: any Tool) -> Transcript.ToolOutput {
      let segments: [Transcript.Segment]
      switch self {
      case .ran(let output): segments = output
      case .rejected(let violation): segments = LanguageModelSession.correction(for: violation, tool: tool)
      case .denied(let denial): segments = [.text("Error: \(denial.errorDescription ?? denial.reason)")]
      }
      return Transcript.ToolOutput(id: call.id, toolName: tool.name, segments: segments)
    }
  }

  /// Checks a call's arguments against the tool's schema, asks the delegate, then decodes the
  /// arguments and runs the tool.
  ///
  /// Every backend goes through here, so a guide holds even where the backend cannot enforce it
  /// while generating: a tool never sees a value its schema does not allow.
  func perform(_ call: Transcript.ToolCall, with tool: any Tool) async throws -> CallOutcome {
    do {
      try validate(call.arguments, against: tool.parameters, root: "arguments")
    } catch {
      return .rejected(error)
    }
    guard let delegate = toolExecutionDelegate else { return .ran(try await tool.invoke(with: call.arguments)) }
    let outcome: CallOutcome
    switch await delegate.toolCallWillRun(call, tool: tool) {
    case .run: outcome = .ran(try await tool.invoke(with: call.arguments))
    case .deny(let reason): outcome = .denied(ToolCallDenial(toolName: tool.name, reason: reason))
    case .supply(let content):
      if case .string(let text) = content.kind {
        outcome = .ran([.text(text)])
      } else {
        outcome = .ran(Transcript.Segment.segments(of: content))
      }
    }
    await delegate.toolCallDidFinish(call, tool: tool, output: outcome.output(of: call, tool: tool))
    return outcome
  }

  /// The tool output that tells the model its call was rejected and how to correct it.
  static func correction(for violation: SchemaViolation, tool: any Tool) -> [Transcript.Segment] {
    [
      .text(
        "Error: the call was not run because its arguments are invalid (\(violation.errorDescription ?? violation.reason)). "
          + "Call \(tool.name) again with arguments that follow its definition.")
    ]
  }
}

extension Tool {
  /// Decodes `arguments`, calls the tool and turns its output into transcript segments.
  func invoke(with arguments: GeneratedContent) async throws -> [Transcript.Segment] {
    let typed: Arguments
    do {
      typed = try Arguments(arguments)
    } catch {
      throw LanguageModelSession.GenerationError.decodingFailure(
        "Arguments for tool '\(name)' could not be decoded: \(error.localizedDescription)")
    }
    let output: Output
    do {
      output = try await call(arguments: typed)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw ToolCallError(tool: self, underlyingError: error)
    }
    return Transcript.Segment.segments(of: output)
  }
}
