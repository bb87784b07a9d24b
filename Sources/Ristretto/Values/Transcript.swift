import Foundation

/// The history of a session: instructions, prompts, tool calls, tool outputs and responses.
///
/// A transcript is a value; a session can be rebuilt from one
/// (``LanguageModelSession/init(model:tools:transcript:maximumToolRounds:historyPolicy:grounding:)``), and it encodes to JSON close to the
/// envelope Apple's framework writes.
public struct Transcript: Sendable, Equatable, RandomAccessCollection {
  /// The entries, oldest first.
  public var entries: [Entry]

  /// Creates a transcript.
  public init(entries: [Entry] = []) { self.entries = entries }

  public var startIndex: Int { entries.startIndex }
  public var endIndex: Int { entries.endIndex }
  public subscript(position: Int) -> Entry { entries[position] }

  /// One entry of a transcript.
  public enum Entry: Sendable, Equatable, Identifiable {
    /// What the model was told, with the tools it was given.
    case instructions(Instructions)
    /// A user request.
    case prompt(Prompt)
    /// The model's calls to tools.
    case toolCalls(ToolCalls)
    /// What one tool returned.
    case toolOutput(ToolOutput)
    /// The model's answer.
    case response(Response)

    /// The entry's identifier.
    public var id: String {
      switch self {
      case .instructions(let value): value.id
      case .prompt(let value): value.id
      case .toolCalls(let value): value.id
      case .toolOutput(let value): value.id
      case .response(let value): value.id
      }
    }
  }

  /// A piece of entry content: text or a structured value.
  public enum Segment: Sendable, Equatable, Identifiable {
    /// Plain text.
    case text(TextSegment)
    /// A structured value, written into prompts as JSON.
    case structure(StructuredSegment)

    /// A text segment holding `string`.
    public static func text(_ string: String) -> Segment { .text(TextSegment(id: "", content: string)) }

    /// A structure segment holding `content`.
    public static func structure(_ content: GeneratedContent) -> Segment {
      .structure(StructuredSegment(id: "", source: "", content: content))
    }

    /// The segment's identifier.
    public var id: String {
      switch self {
      case .text(let segment): segment.id
      case .structure(let segment): segment.id
      }
    }

    /// The segment as prompt text.
    public var text: String {
      switch self {
      case .text(let segment): segment.content
      case .structure(let segment): segment.content.jsonString
      }
    }

    /// The segments of a value: JSON for generated content, text otherwise.
    static func segments(of value: some PromptRepresentable) -> [Segment] {
      if let string = value as? String { return [.text(string)] }
      if let content = value as? any ConvertibleToGeneratedContent {
        let source = String(describing: type(of: value))
        return [.structure(StructuredSegment(id: "", source: source, content: content.generatedContent))]
      }
      return [.text(value.promptRepresentation.text)]
    }
  }

  /// A segment of plain text.
  public struct TextSegment: Sendable, Equatable, Identifiable {
    /// The segment's identifier.
    public var id: String
    /// The text.
    public var content: String

    /// Creates a text segment; the identifier defaults to a new UUID, as in Foundation Models.
    public init(id: String = UUID().uuidString, content: String) {
      self.id = id
      self.content = content
    }
  }

  /// A segment holding a structured value.
  public struct StructuredSegment: Sendable, Equatable, Identifiable {
    /// The segment's identifier.
    public var id: String
    /// Where the value came from: the name of the type it was generated as, or empty.
    public var source: String
    /// The value.
    public var content: GeneratedContent

    /// Creates a structured segment; the identifier defaults to a new UUID, as in Foundation Models.
    public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
      self.id = id
      self.source = source
      self.content = content
    }
  }

  /// The instructions entry.
  public struct Instructions: Sendable, Equatable {
    /// The entry's identifier.
    public var id: String
    /// The instruction text.
    public var segments: [Segment]
    /// The tools the model was given.
    public var toolDefinitions: [ToolDefinition]

    /// Creates an instructions entry.
    public init(id: String = "instructions", segments: [Segment], toolDefinitions: [ToolDefinition]) {
      self.id = id
      self.segments = segments
      self.toolDefinitions = toolDefinitions
    }
  }

  /// A user request entry.
  public struct Prompt: Sendable, Equatable {
    /// The entry's identifier.
    public var id: String
    /// The request text.
    public var segments: [Segment]
    /// The options the request was made with.
    public var options: GenerationOptions
    /// The schema the response had to follow, if any.
    public var responseFormat: GenerationSchema?

    /// Creates a prompt entry; the identifier defaults to a new UUID, as in Foundation Models.
    public init(
      id: String = UUID().uuidString, segments: [Segment], options: GenerationOptions = GenerationOptions(),
      responseFormat: GenerationSchema? = nil
    ) {
      self.id = id
      self.segments = segments
      self.options = options
      self.responseFormat = responseFormat
    }
  }

  /// One call the model made to a tool.
  public struct ToolCall: Sendable, Equatable, Identifiable {
    /// The call's identifier.
    public var id: String
    /// The tool called.
    public var toolName: String
    /// The arguments, as the model generated them.
    public var arguments: GeneratedContent

    /// Creates a tool call.
    public init(id: String, toolName: String, arguments: GeneratedContent) {
      self.id = id
      self.toolName = toolName
      self.arguments = arguments
    }
  }

  /// The model's tool calls for one round.
  public struct ToolCalls: Sendable, Equatable, RandomAccessCollection {
    /// The entry's identifier.
    public var id: String
    /// The calls, in order.
    public var calls: [ToolCall]

    /// Creates a tool-calls entry.
    public init(id: String, calls: [ToolCall]) {
      self.id = id
      self.calls = calls
    }

    /// Creates a tool-calls entry from any sequence of calls; the identifier defaults to a new
    /// UUID, as in Foundation Models.
    public init<S: Sequence<ToolCall>>(id: String = UUID().uuidString, _ calls: S) {
      self.init(id: id, calls: Array(calls))
    }

    /// The first call's position: the entry is the collection of its calls, as in Foundation Models.
    public var startIndex: Int { calls.startIndex }
    /// Past the last call's position.
    public var endIndex: Int { calls.endIndex }
    /// The call at `position`.
    public subscript(position: Int) -> ToolCall { calls[position] }
  }

  /// What one tool returned.
  public struct ToolOutput: Sendable, Equatable {
    /// The entry's identifier (the call's identifier).
    public var id: String
    /// The tool that produced it.
    public var toolName: String
    /// The output.
    public var segments: [Segment]

    /// Creates a tool-output entry.
    public init(id: String, toolName: String, segments: [Segment]) {
      self.id = id
      self.toolName = toolName
      self.segments = segments
    }
  }

  /// The model's answer.
  public struct Response: Sendable, Equatable {
    /// The entry's identifier.
    public var id: String
    /// The identifiers of the model assets that produced the answer; empty for Ristretto's
    /// backends, which have no separately versioned assets.
    public var assetIDs: [String]
    /// The answer.
    public var segments: [Segment]

    /// Creates a response entry; the identifier defaults to a new UUID, as in Foundation Models.
    public init(id: String = UUID().uuidString, assetIDs: [String] = [], segments: [Segment]) {
      self.id = id
      self.assetIDs = assetIDs
      self.segments = segments
    }
  }
}

extension Transcript {
  /// The text of the newest prompt, if any.
  public var lastPromptText: String? {
    for entry in entries.reversed() {
      if case .prompt(let prompt) = entry { return prompt.segments.map(\.text).joined(separator: "\n") }
    }
    return nil
  }

  /// The instructions entry, if the transcript starts with one.
  public var instructions: Instructions? {
    if case .instructions(let value)? = entries.first { return value }
    return nil
  }
}
