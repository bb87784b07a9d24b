import Foundation
import Ristretto

/// One question labelled with what a good answer does: the specialty that answers it, the tool a
/// good first call uses (nil: none), that call's key arguments, or a fixed reply.
///
/// Labelled examples are what ``LearnedRules`` learns from: the tool choice, the values of enum
/// and Boolean arguments, the units that mark a number for a property and the phrasings of
/// questions in other languages all come from them.
///
/// ```swift
/// let examples = [
///   LabelledExample("my rear brake squeals", specialty: "repair", tool: "fixFor", arguments: ["part": "brakes"]),
///   LabelledExample("hi there", specialty: "general", reply: "Hello! Ask me about your bike."),
/// ]
/// ```
public struct LabelledExample: Sendable, Equatable {
  /// The question as a user typed it.
  public var question: String
  /// The specialty that should answer it (nil: not labelled for routing).
  public var specialty: String?
  /// The tool a good first call uses; nil when a good answer calls none.
  public var tool: String?
  /// The key arguments of that call, an object (properties left out are not labelled, not absent).
  public var arguments: GeneratedContent
  /// A fixed reply for a question no tool answers (a greeting, a fact the app states itself).
  public var reply: String?
  /// Whether the example labels the tool choice at all; false for an example labelled only for
  /// routing, which then teaches the router and nothing else.
  public var labelsTool: Bool

  /// Creates an example.
  public init(
    _ question: String, specialty: String? = nil, tool: String? = nil, arguments: GeneratedContent = [:],
    reply: String? = nil, labelsTool: Bool = true
  ) {
    (self.question, self.specialty, self.tool, self.arguments, self.reply) = (question, specialty, tool, arguments, reply)
    self.labelsTool = labelsTool
  }

  /// The labelled value of argument `name`, if any.
  public func argument(_ name: String) -> GeneratedContent? {
    guard case .structure(let properties, _) = arguments.kind else { return nil }
    return properties[name]
  }
}

/// Why labelled examples could not be read.
public enum LabelledExampleError: Error, Sendable, Equatable, LocalizedError {
  /// A line is not a JSON object of the expected shape.
  case unreadableLine(number: Int, reason: String)

  public var errorDescription: String? {
    switch self {
    case .unreadableLine(let number, let reason): "Labelled examples, line \(number): \(reason)"
    }
  }
}

extension LabelledExample {
  /// Examples from JSON Lines, one object a line: `q` (or `question`), `label` (or `specialty`, else
  /// the first of `acceptable`), `tool`, `args` (or `arguments`) and `reply`; a line with `turns`
  /// holds a conversation whose turns each become an example. A line with neither `tool` nor
  /// `reply` labels routing only (``labelsTool`` is false). Blank lines are skipped.
  ///
  /// - Throws: ``LabelledExampleError/unreadableLine(number:reason:)`` for the first line that is
  ///   not such an object.
  public static func jsonLines(_ text: String) throws(LabelledExampleError) -> [LabelledExample] {
    var examples: [LabelledExample] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard !line.allSatisfy(\.isWhitespace) else { continue }
      guard let parsed = try? GeneratedContent(json: String(line)), case .structure(let fields, _) = parsed.kind else {
        throw .unreadableLine(number: index + 1, reason: "not a labelled example object")
      }
      var turns = [fields]
      if case .array(let items)? = fields["turns"]?.kind {
        turns = items.compactMap { item in
          if case .structure(let turn, _) = item.kind { return turn }
          return nil
        }
      }
      for turn in turns {
        func string(_ key: String) -> String? {
          if case .string(let value)? = turn[key]?.kind { return value }
          return nil
        }
        guard let question = string("q") ?? string("question") else {
          throw .unreadableLine(number: index + 1, reason: "no question (q)")
        }
        var acceptable: String?
        if case .array(let items)? = turn["acceptable"]?.kind, case .string(let first)? = items.first?.kind {
          acceptable = first
        }
        var arguments = turn["args"] ?? turn["arguments"] ?? [:]
        if arguments.kind == .null { arguments = [:] }
        examples.append(
          LabelledExample(
            question, specialty: string("label") ?? string("specialty") ?? acceptable, tool: string("tool"),
            arguments: arguments, reply: string("reply"), labelsTool: turn["tool"] != nil || turn["reply"] != nil))
      }
    }
    return examples
  }
}
