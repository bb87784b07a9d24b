/// Where a router sent a conversation, and why.
public struct RoutingDecision<S: Specialty>: Sendable {
  /// The specialist chosen (the fallback when unsure or when routing failed).
  public var specialty: S
  /// Whether the router answered `unsure` (or fell below its confidence threshold).
  public var wasUnsure: Bool
  /// The probability of the chosen answer, where the backend reports one.
  public var confidence: Double?
  /// Tokens the routing call read and wrote.
  public var usage: Usage
  /// Why the fallback was used when routing failed (an error, an unusable answer).
  public var fallbackReason: String?
  /// Which stage of a cascade decided (`rules`, `model`), if a cascade was used.
  public var stage: String?

  /// Creates a decision.
  public init(
    specialty: S, wasUnsure: Bool, confidence: Double? = nil, usage: Usage = Usage(), fallbackReason: String? = nil,
    stage: String? = nil
  ) {
    self.specialty = specialty
    self.wasUnsure = wasUnsure
    self.confidence = confidence
    self.usage = usage
    self.fallbackReason = fallbackReason
    self.stage = stage
  }
}

/// Something that sends a question to a specialist.
public protocol SpecialtyRouter<RoutedSpecialty>: Sendable {
  /// The app's specialty type.
  associatedtype RoutedSpecialty: Specialty
  /// Chooses a specialist for the first message of a conversation. Never throws: failures fall
  /// back to ``Specialty/fallback`` with the reason recorded.
  func route(_ question: String) async -> RoutingDecision<RoutedSpecialty>
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

  /// The first confident decision, or the last stage's.
  public func route(_ question: String) async -> RoutingDecision<S> {
    var usage = Usage()
    var last = RoutingDecision(specialty: S.fallback, wasUnsure: true, fallbackReason: "no routers")
    for stage in stages {
      var decision = await stage.router.route(question)
      usage = usage + decision.usage
      decision.usage = usage
      decision.stage = stage.name
      last = decision
      if !decision.wasUnsure && decision.fallbackReason == nil { return decision }
    }
    return last
  }
}
