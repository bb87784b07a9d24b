/// Where a router sent a conversation, and why.
///
/// ```swift
/// switch decision.outcome {
/// case .chosen: print("routed to", decision.specialty)
/// case .unsure: print("fallback: the router was unsure")
/// case .failed(let reason): print("fallback:", reason)
/// }
/// ```
public struct RoutingDecision<S: Specialty>: Sendable {
  /// How the routing call ended.
  public enum Outcome: Sendable, Equatable {
    /// A router chose the specialty; `stage` names the cascade stage that did, if any.
    case chosen(stage: String?)
    /// The router answered `unsure` (or fell below its confidence threshold): the fallback.
    case unsure(stage: String?)
    /// The router could not answer (an error, an unusable answer): the fallback, and why.
    case failed(reason: String)
  }

  /// The specialist chosen (the fallback unless the outcome is ``Outcome/chosen(stage:)``).
  public var specialty: S
  /// How the routing call ended.
  public var outcome: Outcome
  /// The probability of the chosen answer, where the backend reports one.
  public var confidence: Double?
  /// Tokens the routing call read and wrote.
  public var usage: Usage

  /// Creates a decision.
  public init(specialty: S, outcome: Outcome, confidence: Double? = nil, usage: Usage = Usage()) {
    self.specialty = specialty
    self.outcome = outcome
    self.confidence = confidence
    self.usage = usage
  }

  /// A confident choice of `specialty`.
  public static func chosen(_ specialty: S, confidence: Double? = nil, usage: Usage = Usage()) -> Self {
    Self(specialty: specialty, outcome: .chosen(stage: nil), confidence: confidence, usage: usage)
  }

  /// The fallback, because the router was unsure.
  public static func unsure(confidence: Double? = nil, usage: Usage = Usage()) -> Self {
    Self(specialty: S.fallback, outcome: .unsure(stage: nil), confidence: confidence, usage: usage)
  }

  /// The fallback, because routing failed.
  public static func failed(_ reason: String, usage: Usage = Usage()) -> Self {
    Self(specialty: S.fallback, outcome: .failed(reason: reason), usage: usage)
  }

  /// Whether a router chose the specialty (rather than falling back).
  public var isConfident: Bool {
    if case .chosen = outcome { return true }
    return false
  }

  /// Whether the router was unsure (read from ``outcome``).
  public var wasUnsure: Bool {
    if case .unsure = outcome { return true }
    return false
  }

  /// Why routing failed, if it did (read from ``outcome``).
  public var failureReason: String? {
    if case .failed(let reason) = outcome { return reason }
    return nil
  }

  /// The cascade stage that decided, if any (read from ``outcome``).
  public var stage: String? {
    switch outcome {
    case .chosen(let stage), .unsure(let stage): stage
    case .failed: nil
    }
  }

  /// The same decision, attributed to a cascade stage.
  func attributed(to stage: String) -> Self {
    var copy = self
    switch outcome {
    case .chosen: copy.outcome = .chosen(stage: stage)
    case .unsure: copy.outcome = .unsure(stage: stage)
    case .failed: break
    }
    return copy
  }
}

/// Something that sends a question to a specialist.
public protocol SpecialtyRouter<RoutedSpecialty>: Sendable {
  /// The app's specialty type.
  associatedtype RoutedSpecialty: Specialty
  /// Chooses a specialist for a message. Failures fall back to ``Specialty/fallback`` with the
  /// reason in the decision's outcome.
  /// - Throws: `CancellationError` only, when the calling task is cancelled.
  func route(_ question: String) async throws -> RoutingDecision<RoutedSpecialty>
}

/// Tries routers in order; a router that is unsure (or failed) hands the question to the next.
///
/// Use it to put a cheap deterministic router in front of a model: the model runs only on the
/// questions the rules cannot place.
public struct CascadeRouter<S: Specialty>: SpecialtyRouter {
  /// The routers, first to last, with a name for each stage.
  public let stages: [(name: String, router: any SpecialtyRouter<S>)]

  /// Creates a cascade.
  public init(_ stages: [(name: String, router: any SpecialtyRouter<S>)]) { self.stages = stages }

  /// The first confident decision, or the last stage's; its usage is the sum of every stage's.
  public func route(_ question: String) async throws -> RoutingDecision<S> {
    var usage = Usage()
    var last = RoutingDecision<S>.failed("the cascade has no routers")
    for stage in stages {
      try Task.checkCancellation()
      var decision = try await stage.router.route(question).attributed(to: stage.name)
      usage = usage + decision.usage
      decision.usage = usage
      last = decision
      if decision.isConfident { return decision }
    }
    return last
  }
}
