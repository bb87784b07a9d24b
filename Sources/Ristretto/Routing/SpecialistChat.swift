import Foundation

/// One conversation routed to specialists (the article's ChatManager, iOS-27 style).
///
/// Every message is routed (``RoutingPolicy/everyTurn``, the default; the router's prefix is
/// cached by backends that can) and answered by one ``LanguageModelSession`` whose tools and
/// instructions follow the current specialty through a ``SpecialtyProfile``: a switch is a
/// property change, and the history stays. A turn that fits the current specialist — the
/// router picks it, is unsure, picks one whose tools the current one already holds, or picks the
/// fallback below ``fallbackSwitchConfidence`` — stays.
/// A conversation on the fallback (which holds every tool) moves to any specialist the router
/// picks with confidence, so it carries only the tools it uses.
/// With ``RoutingPolicy/firstMessage`` only the first message is routed (iOS-26 behaviour).
///
/// ```swift
/// let chat = try SpecialistChat<Desk>(model: model, router: Router(model: model), toolbox: tools, instructions: set)
/// let reply = try await chat.send("How much of my Kochere is left?")
/// reply.specialty      // .cupboard
/// reply.switchedFrom   // nil on the first turn; the previous desk when a later turn switched
/// ```
public final class SpecialistChat<S: Specialty>: Sendable {
  /// When messages are routed.
  public enum RoutingPolicy: Sendable, Equatable {
    /// Only the conversation's first message; later turns stay with that specialist.
    case firstMessage
    /// Every message; the chat switches when a turn needs tools the current specialist lacks.
    case everyTurn
  }

  /// One turn's result, with a typed answer.
  public struct TypedReply<Content: Sendable>: Sendable {
    /// The answer.
    public var response: Response<Content>
    /// The specialist that answered.
    public var specialty: S
    /// The specialist before this turn, when this turn switched; nil otherwise.
    public var switchedFrom: S?
    /// The routing decision of this turn, when it was routed.
    public var routing: RoutingDecision<S>?
    /// Tokens of this turn, routing included.
    public var usage: Usage
  }

  /// One turn's result.
  public typealias Reply = TypedReply<String>

  /// The backend the specialists run on.
  public let model: any LanguageModel
  /// The router.
  public let router: any SpecialtyRouter<S>
  /// Every tool the app has; each specialty takes its subset.
  public let toolbox: [any Tool]
  /// Core instructions and briefings.
  public let instructionSet: InstructionSet
  /// When messages are routed.
  public let routingPolicy: RoutingPolicy
  /// How tool turns are answered (nil: free text).
  public let grounding: Grounding?
  /// The least router confidence at which a later turn leaves a specialist for the fallback: a
  /// weak pick of the catch-all keeps the conversation where it is. (A decision that reports no
  /// confidence counts as sure.)
  public let fallbackSwitchConfidence: Double
  private let historyPolicy: HistoryPolicy

  private struct State: Sendable {
    var session: LanguageModelSession
    var profile: SpecialtyProfile<S>
    var specialty: S?
    var decision: RoutingDecision<S>?
    var turnUsage: [Usage] = []
    var isResponding = false
  }

  private let state: LockedValue<State>
  private let delegate = LockedValue<(any ToolExecutionDelegate)?>(nil)

  /// Observes, approves, denies or answers each tool call of every turn before it runs (see
  /// ``LanguageModelSession/toolExecutionDelegate``); it carries over ``reset()``.
  public var toolExecutionDelegate: (any ToolExecutionDelegate)? {
    get { delegate.withLock { $0 } }
    set { delegate.withLock { $0 = newValue } }
  }

  /// Creates a conversation.
  ///
  /// - Throws: ``RoutingConfigurationError`` when a specialty or a briefing names a tool the
  ///   toolbox does not have, or two tools share a name.
  public init(
    model: any LanguageModel, router: any SpecialtyRouter<S>, toolbox: [any Tool], instructions: InstructionSet,
    routingPolicy: RoutingPolicy = .everyTurn, historyPolicy: HistoryPolicy = .dropToolRoundsFirst,
    grounding: Grounding? = nil, fallbackSwitchConfidence: Double = 0.75
  ) throws(RoutingConfigurationError) {
    try S.validate(toolbox: toolbox, instructions: instructions)
    self.model = model
    self.router = router
    self.toolbox = toolbox
    self.instructionSet = instructions
    self.routingPolicy = routingPolicy
    self.historyPolicy = historyPolicy
    self.grounding = grounding
    self.fallbackSwitchConfidence = fallbackSwitchConfidence
    state = LockedValue(
      Self.freshState(
        model: model, toolbox: toolbox, instructions: instructions, historyPolicy: historyPolicy, grounding: grounding))
  }

  private static func freshState(
    model: any LanguageModel, toolbox: [any Tool], instructions: InstructionSet, historyPolicy: HistoryPolicy,
    grounding: Grounding?
  ) -> State {
    let profile = SpecialtyProfile(specialty: S.fallback, toolbox: toolbox, instructions: instructions)
    let session = LanguageModelSession(model: model, profile: profile, historyPolicy: historyPolicy, grounding: grounding)
    return State(session: session, profile: profile)
  }

  /// The current specialist, once routed.
  public var specialty: S? { state.withLock { $0.specialty } }
  /// The latest routing decision of this conversation.
  public var routingDecision: RoutingDecision<S>? { state.withLock { $0.decision } }
  /// Token usage per turn, oldest first (each includes its routing call).
  public var turnUsage: [Usage] { state.withLock { $0.turnUsage } }
  /// The conversation so far.
  public var transcript: Transcript { state.withLock { $0.session.transcript } }

  /// Sends a message and answers with text.
  /// - Throws: `GenerationError.concurrentRequests` while another message is being answered;
  ///   any error of the request (the transcript and the specialty are then left as they were).
  public func send(_ message: String, options: GenerationOptions = GenerationOptions()) async throws -> Reply {
    try await turn(message, options: options) { session in try await session.respond(to: message, options: options) }
  }

  /// Sends a message and answers with a value of a generable type.
  public func send<Content: Generable>(
    _ message: String, generating type: Content.Type, options: GenerationOptions = GenerationOptions()
  ) async throws -> TypedReply<Content> {
    try await turn(message, options: options) { session in
      try await session.respond(to: message, generating: type, options: options)
    }
  }

  /// Asks the backend to load and cache each specialist's instructions and tools, and returns when
  /// it has finished: on a backend with a prompt cache (the llama backend), a later switch to any of
  /// them then evaluates only the conversation and the new message, not the specialist's prefix.
  /// Backends without one do nothing.
  ///
  /// ```swift
  /// let chat = try SpecialistChat(model: llama, router: router, toolbox: tools, instructions: set)
  /// await chat.warmUp()  // once, at start
  /// ```
  ///
  /// - Parameter specialties: The specialists to warm (default: every one).
  public func warmUp(_ specialties: [S] = Array(S.allCases)) async {
    for specialty in specialties { await makeSession(for: specialty, transcript: nil).warmUp() }
  }

  /// Moves the conversation to another specialist, keeping its history.
  public func reroute(to specialty: S) {
    state.withLock { state in
      state.profile.specialty = specialty
      state.specialty = specialty
    }
  }

  /// Starts a new conversation: an empty history, and the next message is routed afresh.
  public func reset() {
    state.withLock { state in
      state = Self.freshState(
        model: model, toolbox: toolbox, instructions: instructionSet, historyPolicy: historyPolicy, grounding: grounding)
    }
  }

  /// A standalone session for a specialty: its tools, its instructions, the chat's tool
  /// delegate and, when given, a history.
  public func makeSession(for specialty: S, transcript: Transcript?) -> LanguageModelSession {
    let tools = specialty.tools(from: toolbox)
    let instructions = specialty.instructions(from: instructionSet, toolbox: toolbox)
    let session: LanguageModelSession
    if let transcript {
      var entries = transcript.entries
      let fresh = LanguageModelSession.instructionsEntry(.init(instructions: instructions, tools: tools))
      if case .instructions? = entries.first { entries[0] = fresh } else { entries.insert(fresh, at: 0) }
      session = LanguageModelSession(
        model: model, tools: tools, transcript: Transcript(entries: entries), historyPolicy: historyPolicy, grounding: grounding)
    } else {
      session = LanguageModelSession(
        model: model, tools: tools, instructions: instructions, historyPolicy: historyPolicy, grounding: grounding)
    }
    session.toolExecutionDelegate = toolExecutionDelegate
    return session
  }

  // MARK: - A turn

  private func turn<Content: Sendable>(
    _ message: String, options: GenerationOptions, respond: (LanguageModelSession) async throws -> Response<Content>
  ) async throws -> TypedReply<Content> {
    // Claim the conversation atomically, so two first messages cannot both route and race.
    let (session, profile, current) = try state.withLock { state throws(LanguageModelSession.GenerationError) in
      guard !state.isResponding else { throw .concurrentRequests }
      state.isResponding = true
      return (state.session, state.profile, state.specialty)
    }
    defer { state.withLock { $0.isResponding = false } }
    session.toolExecutionDelegate = toolExecutionDelegate
    // A message that could never fit the context is refused from its length, before routing.
    try session.refuseIfNeverFits(Prompt(message), instructions: nil, options: options)

    var routing: RoutingDecision<S>?
    var next = current ?? S.fallback
    if current == nil || routingPolicy == .everyTurn {
      let decision = try await router.route(message)
      routing = decision
      next = choose(current: current, decision: decision)
    }
    let previous = profile.specialty
    profile.specialty = next
    let response: Response<Content>
    do {
      response = try await respond(session)
    } catch {
      profile.specialty = previous
      throw error
    }
    let usage = response.usage + (routing?.usage ?? Usage())
    state.withLock { state in
      state.specialty = next
      if let routing { state.decision = routing }
      state.turnUsage.append(usage)
    }
    let switched = current.flatMap { $0 == next ? nil : $0 }
    return TypedReply(response: response, specialty: next, switchedFrom: switched, routing: routing, usage: usage)
  }

  /// The specialist for a turn: the router's choice, unless the current specialist fits.
  private func choose(current: S?, decision: RoutingDecision<S>) -> S {
    guard let current else { return decision.specialty }
    guard decision.isConfident, decision.specialty != current else { return current }
    // The fallback holds every tool; a confident pick moves the conversation to the narrower desk.
    if current == S.fallback { return decision.specialty }
    if decision.specialty == S.fallback, let confidence = decision.confidence, confidence < fallbackSwitchConfidence {
      return current
    }
    let held = Set(current.tools(from: toolbox).map(\.name))
    let needed = Set(decision.specialty.tools(from: toolbox).map(\.name))
    return needed.isSubset(of: held) ? current : decision.specialty
  }
}
