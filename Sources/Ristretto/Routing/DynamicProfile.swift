import Foundation

/// Tools and instructions that are re-evaluated before every request (iOS-27 behaviour).
///
/// A session made with a profile keeps one history while its tools and instructions follow the
/// profile: switching specialty is a property change, not a session rebuild, and a backend that
/// caches its prompt prefix reuses whatever did not change.
///
/// ```swift
/// let profile = SpecialtyProfile(specialty: Desk.beans, toolbox: tools, instructions: set)
/// let session = LanguageModelSession(model: model, profile: profile)
/// profile.specialty = .cupboard   // the next request sees the cupboard tools
/// ```
public protocol DynamicProfile: Sendable {
  /// The instructions for the next request.
  var instructions: Instructions? { get }
  /// The tools for the next request.
  var tools: [any Tool] { get }
}

/// A profile that follows a mutable ``Specialty``.
public final class SpecialtyProfile<S: Specialty>: DynamicProfile {
  private let current: LockedValue<S>
  /// Every tool the app has.
  public let toolbox: [any Tool]
  /// Core instructions and briefings.
  public let instructionSet: InstructionSet

  /// Creates a profile.
  public init(specialty: S, toolbox: [any Tool], instructions: InstructionSet) {
    current = LockedValue(specialty)
    self.toolbox = toolbox
    self.instructionSet = instructions
  }

  /// The specialty the next request is made as.
  public var specialty: S {
    get { current.withLock { $0 } }
    set { current.withLock { $0 = newValue } }
  }

  /// The current specialty's instructions.
  public var instructions: Instructions? { specialty.instructions(from: instructionSet, toolbox: toolbox) }
  /// The current specialty's tools.
  public var tools: [any Tool] { specialty.tools(from: toolbox) }
}

extension LanguageModelSession {
  /// Creates a session whose tools and instructions come from `profile` before every request.
  ///
  /// - Parameters:
  ///   - model: The backend.
  ///   - profile: Supplies the tools and instructions of each request.
  ///   - historyTransform: Applied to the entries the model sees (after the instructions), never
  ///     to the stored transcript — for example, to hide old tool outputs.
  ///   - maximumToolRounds: The most tool-calling rounds per request (default 8).
  ///   - historyPolicy: What to do when the history outgrows the context (default: throw).
  ///   - grounding: Answers tool turns by picking among app-written statements (default: free text).
  public convenience init(
    model: any LanguageModel, profile: any DynamicProfile,
    historyTransform: (@Sendable ([Transcript.Entry]) -> [Transcript.Entry])? = nil,
    maximumToolRounds: Int = 8, historyPolicy: HistoryPolicy = .strict, grounding: Grounding? = nil
  ) {
    let evaluate: @Sendable () -> Configuration = { Configuration(instructions: profile.instructions, tools: profile.tools) }
    let configuration = evaluate()
    self.init(
      model: model, configuration: configuration, transcript: Transcript(entries: [Self.instructionsEntry(configuration)]),
      profile: evaluate, historyTransform: historyTransform, maximumToolRounds: maximumToolRounds, historyPolicy: historyPolicy,
      grounding: grounding)
  }
}
