/// An app's set of specialists: the cases a router chooses between, each with the tools it holds.
///
/// One case is the fallback: it holds every tool and gets the full instructions, and it is
/// where an unsure or failed routing call lands.
///
/// ```swift
/// enum Desk: String, Specialty {
///   case beans, cupboard, shopping, general
///   static let fallback = Desk.general
///   var routingDescription: String { … }
///   var toolNames: [String] { … }
/// }
/// ```
public protocol Specialty: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {
  /// The case that holds every tool.
  static var fallback: Self { get }
  /// One line the router reads to recognise questions for this case.
  var routingDescription: String { get }
  /// The names of the tools this case holds (ignored for the fallback, which holds them all).
  var toolNames: [String] { get }
}

extension Specialty {
  /// The tools of `toolbox` this specialty holds, in toolbox order.
  public func tools(from toolbox: [any Tool]) -> [any Tool] {
    guard self != Self.fallback else { return toolbox }
    let names = Set(toolNames)
    return toolbox.filter { names.contains($0.name) }
  }

  /// The instructions this specialty gets from `set`: core plus the briefings of its tools.
  public func instructions(from set: InstructionSet, toolbox: [any Tool]) -> Instructions {
    self == Self.fallback ? set.fullPersona : set.instructions(forTools: tools(from: toolbox).map(\.name))
  }
}

/// Core instructions plus briefings, each tied to the tools it explains.
///
/// A specialist gets the core and the briefings whose tools it holds — never a briefing about a
/// tool it does not have. The fallback gets everything (the "full persona").
public struct InstructionSet: Sendable, Equatable {
  /// A paragraph that explains how to use some tools.
  public struct Briefing: Sendable, Equatable {
    /// A name for reports (`searchBeans`).
    public var name: String
    /// The paragraph.
    public var text: String
    /// The tools it explains; the briefing is given only to holders of all of them.
    public var tools: [String]

    /// Creates a briefing.
    public init(name: String, text: String, tools: [String]) {
      self.name = name
      self.text = text
      self.tools = tools
    }
  }

  /// What every specialist is told.
  public var core: String
  /// The tool briefings, in the order they are written.
  public var briefings: [Briefing]

  /// Creates a set.
  public init(core: String, briefings: [Briefing]) {
    self.core = core
    self.briefings = briefings
  }

  /// The briefings a holder of `toolNames` gets.
  public func briefings(forTools toolNames: [String]) -> [Briefing] {
    let held = Set(toolNames)
    return briefings.filter { !$0.tools.isEmpty && Set($0.tools).isSubset(of: held) }
  }

  /// Core plus the briefings for `toolNames`.
  public func instructions(forTools toolNames: [String]) -> Instructions {
    Instructions(segments: [core] + briefings(forTools: toolNames).map(\.text))
  }

  /// Core plus every briefing.
  public var fullPersona: Instructions { Instructions(segments: [core] + briefings.map(\.text)) }
}
