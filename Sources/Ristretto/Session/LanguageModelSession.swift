import Foundation

/// A conversation with a language model: instructions, tools, a transcript, and requests that
/// run the tool-calling loop until the model answers.
///
/// Tools and instructions are fixed when the session is made (iOS-26 behaviour); for tools and
/// instructions that change per request see ``DynamicProfile``. One request runs at a time; a
/// failed or cancelled request leaves the transcript exactly as it was.
///
/// ```swift
/// let session = LanguageModelSession(model: model, tools: [BeanSearch()], instructions: "You are a moka-pot assistant.")
/// let answer = try await session.respond(to: "Suggest a dark roast")
/// print(answer.content)
/// ```
public final class LanguageModelSession: Sendable {
  /// The backend this session talks to.
  public let model: any LanguageModel
  /// The most tool-calling rounds one request may take before it fails with
  /// ``GenerationError/toolLoopLimit(rounds:)``.
  public let maximumToolRounds: Int
  /// What to do when the history no longer fits the context.
  public let historyPolicy: HistoryPolicy
  /// How many tool calls with arguments that break their schema one request may make; each is
  /// refused (the tool does not run) and the model is told what was wrong, and one more fails
  /// the request with ``GenerationError/invalidToolArguments(tool:reason:attempts:)``.
  public let maximumArgumentCorrections: Int
  /// When set, a turn that called tools is answered by picking among the app's statements
  /// (see ``Grounding``) instead of free text.
  public let grounding: Grounding?

  struct Configuration: Sendable {
    var instructions: Instructions?
    var tools: [any Tool]
  }

  struct State: Sendable {
    var transcript: Transcript
    var configuration: Configuration
    var isResponding = false
    var toolExecutionDelegate: (any ToolExecutionDelegate)?
  }

  let state: LockedValue<State>
  let profile: (@Sendable () -> Configuration)?
  let historyTransform: (@Sendable ([Transcript.Entry]) -> [Transcript.Entry])?
  /// Each history entry's token count, measured once, for fitting the request to the context.
  let entryTokenCounts = EntryTokenCounts()

  /// Creates a session with fixed tools and instructions.
  ///
  /// - Parameters:
  ///   - model: The backend (default: ``SystemLanguageModel/default``, configured once at start-up).
  ///   - tools: The tools the model may call.
  ///   - instructions: What the model is told before any request.
  ///   - maximumToolRounds: The most tool-calling rounds per request (default 8).
  ///   - historyPolicy: What to do when the history outgrows the context (default: throw).
  ///   - maximumArgumentCorrections: How many refused tool calls (arguments that break the
  ///     tool's schema) a request may make before it fails (default 2).
  ///   - grounding: Answers tool turns by picking among app-written statements (default: free text).
  public convenience init(
    model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], instructions: Instructions? = nil,
    maximumToolRounds: Int = 8, historyPolicy: HistoryPolicy = .strict, maximumArgumentCorrections: Int = 2,
    grounding: Grounding? = nil
  ) {
    let configuration = Configuration(instructions: instructions, tools: tools)
    self.init(
      model: model, configuration: configuration, transcript: Transcript(entries: [Self.instructionsEntry(configuration)]),
      profile: nil, historyTransform: nil, maximumToolRounds: maximumToolRounds, historyPolicy: historyPolicy,
      maximumArgumentCorrections: maximumArgumentCorrections, grounding: grounding)
  }

  /// Creates a session whose instructions are a string (a variable as well as a literal).
  public convenience init(model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], instructions: String) {
    self.init(model: model, tools: tools, instructions: Instructions(instructions))
  }

  /// Creates a session with fixed tools and instructions built by a result builder.
  public convenience init(
    model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [],
    @InstructionsBuilder instructions: () throws -> Instructions
  ) rethrows {
    self.init(model: model, tools: tools, instructions: try instructions())
  }

  /// Restores a session from a transcript; its instructions entry (if any) supplies the instructions.
  public convenience init(
    model: any LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [], transcript: Transcript,
    maximumToolRounds: Int = 8, historyPolicy: HistoryPolicy = .strict, grounding: Grounding? = nil
  ) {
    let instructions = transcript.instructions.map { Instructions(segments: $0.segments.map(\.text)) }
    self.init(
      model: model, configuration: Configuration(instructions: instructions, tools: tools), transcript: transcript,
      profile: nil, historyTransform: nil, maximumToolRounds: maximumToolRounds, historyPolicy: historyPolicy,
      grounding: grounding)
  }

  init(
    model: any LanguageModel, configuration: Configuration, transcript: Transcript,
    profile: (@Sendable () -> Configuration)?, historyTransform: (@Sendable ([Transcript.Entry]) -> [Transcript.Entry])?,
    maximumToolRounds: Int, historyPolicy: HistoryPolicy, maximumArgumentCorrections: Int = 2, grounding: Grounding? = nil
  ) {
    self.grounding = grounding
    self.maximumArgumentCorrections = maximumArgumentCorrections
    self.model = model
    self.state = LockedValue(State(transcript: transcript, configuration: configuration))
    self.profile = profile
    self.historyTransform = historyTransform
    self.maximumToolRounds = maximumToolRounds
    self.historyPolicy = historyPolicy
  }

  /// The conversation so far.
  public var transcript: Transcript { state.withLock { $0.transcript } }

  /// Whether a request is running.
  public var isResponding: Bool { state.withLock { $0.isResponding } }

  /// The tools the model may call now.
  public var tools: [any Tool] { state.withLock { $0.configuration.tools } }

  /// Observes, approves, denies or answers each tool call before it runs (default: none, so
  /// every call runs). Each call asks the delegate set at the moment it is made.
  public var toolExecutionDelegate: (any ToolExecutionDelegate)? {
    get { state.withLock { $0.toolExecutionDelegate } }
    set { state.withLock { $0.toolExecutionDelegate = newValue } }
  }

  /// Asks the backend to load and cache what every request of this session starts with, and,
  /// when given, the start of the next prompt, and returns at once: the work runs in a task of
  /// its own, as in Foundation Models. Use ``warmUp(promptPrefix:)`` to wait for it.
  ///
  /// - Parameter promptPrefix: The beginning of the prompt the user is likely to send.
  public func prewarm(promptPrefix: Prompt? = nil) {
    Task { await self.warmUp(promptPrefix: promptPrefix) }
  }

  /// Does what ``prewarm(promptPrefix:)`` does and returns when the backend has finished.
  ///
  /// - Parameter promptPrefix: The beginning of the prompt the user is likely to send.
  public func warmUp(promptPrefix: Prompt? = nil) async {
    let configuration = currentConfiguration()
    var entries = state.withLock { $0.transcript.entries }
    let instructions = Self.instructionsEntry(configuration)
    if case .instructions? = entries.first { entries[0] = instructions } else { entries.insert(instructions, at: 0) }
    if let promptPrefix {
      entries.append(.prompt(.init(id: "prewarm", segments: promptPrefix.segments.map { .text($0) })))
    }
    let request = GenerationRequest(transcript: Transcript(entries: entries), tools: configuration.tools.map(\.definition))
    await model.prewarm(request)
  }

  /// Foundation Models' name for ``Ristretto/Response``.
  public typealias Response<Content: Sendable> = Ristretto.Response<Content>
  /// Foundation Models' name for ``Ristretto/ResponseStream``.
  public typealias ResponseStream<Content: Generable> = Ristretto.ResponseStream<Content>
  /// Foundation Models' name for ``Ristretto/ToolCallError``.
  public typealias ToolCallError = Ristretto.ToolCallError
  /// Foundation Models' name for ``Ristretto/GenerationError``.
  public typealias GenerationError = Ristretto.GenerationError

  func currentConfiguration() -> Configuration {
    profile?() ?? state.withLock { $0.configuration }
  }

  static func instructionsEntry(_ configuration: Configuration) -> Transcript.Entry {
    .instructions(
      Transcript.Instructions(
        segments: (configuration.instructions?.segments ?? []).map { .text($0) },
        toolDefinitions: configuration.tools.map(\.definition)))
  }
}
