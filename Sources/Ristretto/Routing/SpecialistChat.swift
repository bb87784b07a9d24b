import Synchronization

/// One conversation that is routed to a specialist on its first message (the article's ChatManager).
///
/// The first ``send(_:)`` asks the router; the chat then builds a ``LanguageModelSession`` with
/// only that specialty's tools and instructions and reuses it for later turns. ``reroute(to:)``
/// rebuilds the session for another specialty and carries the history over (iOS-26 behaviour:
/// tools and instructions are fixed per session).
///
/// ```swift
/// let chat = SpecialistChat<Desk>(model: model, router: Router(model: model), toolbox: tools, instructions: set)
/// let reply = try await chat.send("How much of my Kochere is left?")
/// reply.specialty // .cupboard
/// ```
public final class SpecialistChat<S: Specialty>: Sendable {
  /// One turn's result.
  public struct Reply: Sendable {
    /// The answer.
    public var response: Response<String>
    /// The specialist that answered.
    public var specialty: S
    /// The routing decision, on the turn that routed.
    public var routing: RoutingDecision<S>?
    /// Tokens of this turn, routing included.
    public var usage: Usage
  }

  /// The backend the specialists run on.
  public let model: any LanguageModel
  /// The router used on a conversation's first message.
  public let router: any SpecialtyRouter<S>
  /// Every tool the app has; each specialty takes its subset.
  public let toolbox: [any Tool]
  /// Core instructions and briefings.
  public let instructionSet: InstructionSet
  private let historyPolicy: HistoryPolicy

  private struct State {
    var session: LanguageModelSession?
    var specialty: S?
    var decision: RoutingDecision<S>?
    var turnUsage: [Usage] = []
  }

  private let state = Mutex(State())

  /// Creates a conversation.
  public init(
    model: any LanguageModel, router: any SpecialtyRouter<S>, toolbox: [any Tool], instructions: InstructionSet,
    historyPolicy: HistoryPolicy = .dropToolRoundsFirst
  ) {
    self.model = model
    self.router = router
    self.toolbox = toolbox
    self.instructionSet = instructions
    self.historyPolicy = historyPolicy
  }

  /// The current specialist, once routed.
  public var specialty: S? { state.withLock { $0.specialty } }
  /// The routing decision of this conversation.
  public var routingDecision: RoutingDecision<S>? { state.withLock { $0.decision } }
  /// Token usage per turn, oldest first (the first includes routing).
  public var turnUsage: [Usage] { state.withLock { $0.turnUsage } }
  /// The conversation so far.
  public var transcript: Transcript { state.withLock { $0.session?.transcript ?? Transcript() } }

  /// Sends a message; routes first if this is the conversation's first message.
  public func send(_ message: String) async throws -> Reply {
    var routing: RoutingDecision<S>?
    let existing = state.withLock { $0.session }
    let session: LanguageModelSession
    if let existing {
      session = existing
    } else {
      let decision = await router.route(message)
      routing = decision
      session = makeSession(for: decision.specialty, transcript: nil)
      state.withLock {
        $0.session = session
        $0.specialty = decision.specialty
        $0.decision = decision
      }
    }
    let response = try await session.respond(to: message)
    let usage = response.usage + (routing?.usage ?? Usage())
    state.withLock { $0.turnUsage.append(usage) }
    return Reply(response: response, specialty: state.withLock { $0.specialty } ?? S.fallback, routing: routing, usage: usage)
  }

  /// Moves the conversation to another specialist, keeping its history.
  public func reroute(to specialty: S) {
    state.withLock { state in
      let history = state.session?.transcript
      state.session = makeSession(for: specialty, transcript: history)
      state.specialty = specialty
    }
  }

  /// Starts a new conversation: the next message is routed again.
  public func reset() {
    state.withLock { $0 = State() }
  }

  /// The session a specialty gets: its tools, its instructions and, when rerouting, the history.
  public func makeSession(for specialty: S, transcript: Transcript?) -> LanguageModelSession {
    let tools = specialty.tools(from: toolbox)
    let instructions = specialty.instructions(from: instructionSet, toolbox: toolbox)
    guard let transcript else {
      return LanguageModelSession(model: model, tools: tools, instructions: instructions, historyPolicy: historyPolicy)
    }
    var entries = transcript.entries
    let fresh = LanguageModelSession.instructionsEntry(.init(instructions: instructions, tools: tools))
    if case .instructions? = entries.first { entries[0] = fresh } else { entries.insert(fresh, at: 0) }
    return LanguageModelSession(
      model: model, tools: tools, transcript: Transcript(entries: entries), historyPolicy: historyPolicy)
  }
}
