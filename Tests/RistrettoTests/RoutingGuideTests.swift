import Foundation
import Ristretto
import RistrettoTesting
import Testing

/// The code of the DocC article Sources/Ristretto/Ristretto.docc/RoutingGuide.md, compiled and run. Each ```swift
/// block of the page must appear here verbatim (indentation aside); `everyBlockOfTheGuideIsHere` checks it.
@Suite("DocC article Routing.md")
struct RoutingGuideTests {
  enum Desk: String, Specialty {
    case weather, time, general
    static let fallback = Desk.general
    var routingDescription: String {
      switch self {
      case .weather: "forecasts and temperatures"
      case .time: "clocks and hours"
      case .general: "anything else"
      }
    }
    var toolNames: [String] {
      switch self {
      case .weather: ["weather"]
      case .time: ["clock"]
      case .general: []
      }
    }
  }

  struct Verdict: GenerableObject, Decodable {
    var freezing: Bool
    static let properties = GenerableProperties<Verdict> { GenerableProperty(\.freezing) }
  }

  @Test func theGuideRuns() async throws {
    let instructions = InstructionSet(
      core: "Be brief.",
      briefings: [
        InstructionSet.Briefing(name: "weather", text: "Use weather for temperatures.", tools: ["weather"]),
        InstructionSet.Briefing(name: "clock", text: "Use clock for the time.", tools: ["clock"]),
      ])
    let routes: [FakeModel.Step] = [.route(Desk.weather), .route(Desk.time), .route(Desk.weather)]
    let routed = LockedValue(0)
    let model = FakeModel { request, _ in
      guard request.responseSchema == Router<Desk>.schema else {
        return request.responseSchema == nil ? .reply("ok") : .json(#"{"freezing":false}"#)
      }
      return routed.withLock { count in
        defer { count += 1 }
        return routes[min(count, routes.count - 1)]
      }
    }

    let chat = try SpecialistChat<Desk>(
      model: model, router: Router(model: model), toolbox: [Weather(), Clock()], instructions: instructions)
    let first = try await chat.send("Is it cold in Turin?")
    // first.specialty == .weather, first.routing?.outcome == .chosen(stage: nil)
    let second = try await chat.send("And what time is it there?")
    // second.specialty == .time, second.switchedFrom == .weather: same history, other tools
    #expect(first.specialty == .weather && first.routing?.outcome == .chosen(stage: nil))
    #expect(second.specialty == .time && second.switchedFrom == .weather)

    let verdict = try await chat.send("Is it freezing?", generating: Verdict.self)
    switch verdict.routing?.outcome {
    case .chosen(let stage)?: print("routed by", stage ?? "the router")
    case .unsure?: print("the router was unsure: the fallback answered")
    case .failed(let reason)?: print("routing failed:", reason)
    case nil: print("not routed")
    }
    #expect(!verdict.response.content.freezing)

    let budget = try SpecialtyBudget<Desk>(model: model, toolbox: [Weather(), Clock()], instructions: instructions)
    try budget.check(reserve: 1500)
  }

  @Test func theFakeModelSnippetScriptsRouterAnswersAsCases() async throws {
    let model = FakeModel { request, _ in
      request.responseSchema == Router<Desk>.schema ? .route(Desk.weather) : .reply("Cold: 4 °C.")
    }
    #expect(try await Router<Desk>(model: model).route("Cold?").specialty == .weather)
  }

  @Test func everyBlockOfTheGuideIsHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let guide = here.deletingLastPathComponent()
      .appendingPathComponent("../../Sources/Ristretto/Ristretto.docc/RoutingGuide.md")
    func lines(_ text: String) -> [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
    let source = lines(try String(contentsOf: here, encoding: .utf8)).filter { !$0.isEmpty }.joined(separator: "\n")
    let page = try String(contentsOf: guide, encoding: .utf8)
    let blocks = page.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 5)
    for block in blocks {
      let normalized = lines(block).filter { !$0.isEmpty }.joined(separator: "\n")
      #expect(source.contains(normalized), "Routing.md block not found verbatim in the test:\n\(block)")
    }
  }
}
