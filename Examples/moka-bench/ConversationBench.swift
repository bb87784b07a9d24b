import Foundation
import MokaPot
import Ristretto

/// The cost of a long conversation: 2,000 turns of one routed chat on the rule-based model, the
/// questions of the dev answer set asked in order and again. The context holds a few turns, so
/// every later turn leaves history out; the time of a turn must not grow with the history.
enum ConversationBench {
  static let marks = [10, 100, 500, 1_000, 2_000]

  static func run(_ options: BenchOptions) async throws -> [String: Any] {
    let assistant = MokaAssistant(data: MokaData.load())
    let model = try assistant.rulesModel
    let chat = try assistant.chat(model: model)
    let questions = try AnswerCase.load("dev").flatMap { $0.turns.map(\.question) }
    let turns = options.quick ? 200 : 2_000
    var times: [Double] = []
    var failures = 0
    let start = ContinuousClock.now
    for index in 0..<turns {
      let time = await InputSizeBench.medianAsync(1) {
        do { _ = try await chat.send(questions[index % questions.count]) } catch { failures += 1 }
      }
      times.append(time)
    }
    let total = seconds(since: start)
    print("\nconversation: \(turns) turns in \(String(format: "%.1f", total)) s, \(failures) failed")
    print("turns           mean ms   p50 ms   max ms")
    var blocks: [[String: Any]] = []
    var from = 0
    for mark in marks where mark <= turns {
      let block = Array(times[from..<mark])
      let stats = Percentiles(block)
      print(String(format: "%5d-%-5d   %9.1f %8.1f %8.1f", from + 1, mark, stats.mean, stats.p50, stats.max))
      blocks.append(["from": from + 1, "to": mark, "meanMilliseconds": stats.mean, "p50Milliseconds": stats.p50])
      from = mark
    }
    let history = chat.transcript.entries.count
    print("history: \(history) entries kept in the transcript")
    return ["turns": turns, "seconds": total, "failed": failures, "blocks": blocks, "historyEntries": history]
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
