import Foundation
import MokaPot

/// One checked turn of the answer-quality sets: what the user asks and what a good answer does.
struct AnswerTurn {
  let question: String
  let acceptable: [String]
  /// The tool a good first call uses; nil: a good answer needs no tool; `*`: no particular tool.
  let tool: String?
  let arguments: [String: Any]
  let must: [NSRegularExpression]
  let mustNot: [NSRegularExpression]

  init(_ object: [String: Any]) throws {
    question = object["q"] as? String ?? ""
    acceptable = object["acceptable"] as? [String] ?? []
    tool = object["tool"] as? String
    arguments = object["args"] as? [String: Any] ?? [:]
    func patterns(_ key: String) throws -> [NSRegularExpression] {
      try (object[key] as? [String] ?? []).map { try NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
    }
    must = try patterns("must")
    mustNot = try patterns("mustNot")
  }

  /// Why `reply` fails this turn (empty: it passes).
  func failures(specialty: String, calls: [(tool: String, arguments: [String: Any])], answer: String) -> [String] {
    var failures: [String] = []
    if !acceptable.isEmpty, !acceptable.contains(specialty) { failures.append("route:\(specialty)") }
    let first = calls.first
    if first?.tool != tool, tool != "*" {
      failures.append("tool:\(first?.tool ?? "none")≠\(tool ?? "none")")
    }
    if let first, first.tool == tool {
      for (key, expected) in arguments where !Self.matches(first.arguments[key], expected) {
        failures.append("arg:\(key)=\(Self.describe(first.arguments[key]))≠\(Self.describe(expected))")
      }
    }
    let range = NSRange(answer.startIndex..., in: answer)
    for pattern in must where pattern.firstMatch(in: answer, range: range) == nil { failures.append("must:\(pattern.pattern)") }
    for pattern in mustNot where pattern.firstMatch(in: answer, range: range) != nil {
      failures.append("mustNot:\(pattern.pattern)")
    }
    return failures
  }

  /// Strings compare by containment, ignoring case and accents (the tools fold both: "Tarrazu"
  /// searches for Tarrazú), arrays must contain each expected item, the rest exactly.
  static func matches(_ actual: Any?, _ expected: Any) -> Bool {
    switch expected {
    case let text as String:
      guard let actual = (actual as? String).map(folded) else { return false }
      let text = folded(text)
      return actual.contains(text) || text.contains(actual) && !actual.isEmpty
    case let items as [Any]:
      let values = actual as? [Any] ?? []
      return items.allSatisfy { item in values.contains { matches($0, item) } }
    case let number as NSNumber:
      if let actual = actual as? NSNumber { return actual == number }
      return false
    default:
      return false
    }
  }

  static func folded(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
  }

  static func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
      return String(decoding: data, as: UTF8.self)
    }
    return "\(value)"
  }
}

/// A single question or a conversation, with the conditions it runs under.
struct AnswerCase {
  let id: String
  let topic: String
  let turns: [AnswerTurn]
  let when: [String: Any]
  var isConversation: Bool { turns.count > 1 }

  /// The cases of `Fixtures/moka/sets/answers-NAME.jsonl`.
  static func load(_ name: String) throws -> [AnswerCase] {
    let url = RoutingBench.fixtures.appendingPathComponent("answers-\(name).jsonl")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw CocoaError(.coderReadCorrupt)
      }
      let turns = try (object["turns"] as? [[String: Any]]).map { try $0.map(AnswerTurn.init) } ?? [try AnswerTurn(object)]
      return AnswerCase(
        id: object["id"] as? String ?? "?", topic: object["topic"] as? String ?? "", turns: turns,
        when: object["when"] as? [String: Any] ?? [:])
    }
  }

  /// The data the case runs on: the bundled files on Sunday 2026-11-29 09:30 UTC in central Turin,
  /// changed by the case's `when`.
  func data() -> MokaData {
    let today = (when["today"] as? String).flatMap(MokaData.date) ?? MokaData.date("2026-11-29T09:30")!
    var data = MokaData.load(now: today)
    data.location = (45.0703, 7.6869)
    if when.keys.contains("location") {
      let pair = when["location"] as? [Double]
      data.location = pair.flatMap { $0.count == 2 ? (latitude: $0[0], longitude: $0[1]) : nil }
    }
    if let index = when["index"] as? String { data.indexHealth = IndexHealth(rawValue: index) ?? .ready }
    switch when["cupboard"] as? String {
    case "missing"?:
      data.cupboard = nil
      data.unavailable[.cupboard] = "cupboard.json could not be read (missing or not readable)"
    case "empty"?: data.cupboard = []
    default: break
    }
    if when["beans"] as? String == "empty" {
      data.beans = []
      data.unavailable[.beans] = "beans.json is empty"
    }
    return data
  }
}
