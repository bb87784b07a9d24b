import Foundation

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

/// A specialty set-up that names tools the toolbox does not have.
public enum RoutingConfigurationError: Error, Sendable, Equatable, LocalizedError {
  /// A specialty's `toolNames` names a tool the toolbox lacks.
  case unknownTool(name: String, specialty: String, available: [String])
  /// A briefing names a tool the toolbox lacks.
  case unknownBriefingTool(name: String, briefing: String, available: [String])
  /// Two tools of the toolbox share a name.
  case duplicateTool(name: String)

  /// A sentence naming the tool and where it was named.
  public var errorDescription: String? {
    switch self {
    case .unknownTool(let name, let specialty, let available):
      "Specialty '\(specialty)' names the tool '\(name)', which the toolbox does not have (it has: "
        + "\(available.joined(separator: ", ")))."
    case .unknownBriefingTool(let name, let briefing, let available):
      "Briefing '\(briefing)' names the tool '\(name)', which the toolbox does not have (it has: "
        + "\(available.joined(separator: ", ")))."
    case .duplicateTool(let name): "Two tools are named '\(name)'; tool names must be unique."
    }
  }
}

extension Specialty {
  /// Checks that every tool named by a specialty or a briefing is in `toolbox`, and that tool
  /// names are unique.
  /// - Throws: ``RoutingConfigurationError`` naming the first problem.
  public static func validate(toolbox: [any Tool], instructions: InstructionSet) throws(RoutingConfigurationError) {
    var names: [String] = []
    for tool in toolbox {
      if names.contains(tool.name) { throw .duplicateTool(name: tool.name) }
      names.append(tool.name)
    }
    for specialty in allCases where specialty != fallback {
      for name in specialty.toolNames where !names.contains(name) {
        throw .unknownTool(name: name, specialty: specialty.rawValue, available: names)
      }
    }
    for briefing in instructions.briefings {
      for name in briefing.tools where !names.contains(name) {
        throw .unknownBriefingTool(name: name, briefing: briefing.name, available: names)
      }
    }
  }
}
