import Foundation
import MokaPot
import Ristretto
import RistrettoRules

/// Shared set-up: the bundled data at a fixed "now" (2026-11-29 10:00 UTC) and a location in Turin.
enum MokaFixtures {
  static let now = MokaData.date("2026-11-29T10:00")!

  static func data(index: IndexHealth = .ready, located: Bool = true) throws -> MokaData {
    var data = MokaData.load(now: now)
    data.indexHealth = index
    if located { data.location = (latitude: 45.0703, longitude: 7.6869) }
    return data
  }

  static func assistant(index: IndexHealth = .ready, located: Bool = true) throws -> MokaAssistant {
    MokaAssistant(data: try data(index: index, located: located))
  }

  /// A conversation with the assistant on the rule-based model.
  static func rulesChat() throws -> SpecialistChat<MokaSpecialty> {
    let assistant = try assistant()
    return try assistant.chat(model: try assistant.rulesModel)
  }

  /// The tool calls of a reply: each tool's name and its arguments as JSON.
  static func calls(_ reply: SpecialistChat<MokaSpecialty>.Reply) -> [(tool: String, arguments: String)] {
    reply.response.toolCalls.map { ($0.toolName, $0.arguments.jsonString) }
  }

  /// The labelled routing set at `Fixtures/moka/sets/routing-NAME.jsonl`.
  static func routingSet(_ name: String) throws -> [(q: String, label: String, acceptable: [String])] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Fixtures/moka/sets/routing-\(name).jsonl")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
      let object = try GeneratedContent(json: String(line))
      return (
        try object.value(forProperty: "q"), try object.value(forProperty: "label"), try object.value(forProperty: "acceptable")
      )
    }
  }
}
