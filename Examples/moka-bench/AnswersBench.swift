import Foundation
import MokaPot
import Ristretto
import RistrettoRules

/// Answer quality on the moka answer sets: routing, first tool and its key arguments, and what
/// the answer must and must not say, per single question and per conversation turn.
///
/// Every set was written blind (without sight of the rules or earlier sets); `answers-dev`,
/// `answers-blind`…`answers-blind24` and `answers-real3` have since been tuned on, after their first
/// figures were reported, and `answers-blind25`, `answers-real1`, `answers-real2`, `answers-real4`
/// and `answers-real5` are never tuned on (Fixtures/moka/sets/MANIFEST.md says which is which).
enum AnswersBench {
  struct Tally {
    var single = 0, singlePass = 0, turns = 0, turnPass = 0, toolRight = 0
    var outputTokens = 0, seconds = 0.0, answers = 0
    /// Answers that break an honesty rule (``AnswerHonesty``): an unavailable source reported as
    /// empty, a name no tool output or question showed.
    var unavailableAsEmpty = 0, absentNames = 0
    var failures: [String: Int] = [:]
    var misses: [String] = []
  }

  /// A backend to answer with: a name and a function that makes a model for some data.
  struct Backend {
    let name: String
    /// Per-stage timings of a token model (nil for the rules).
    var timings: StageTimings? = nil
    let makeChat: (MokaAssistant) throws -> SpecialistChat<MokaSpecialty>
  }

  static func run(_ options: BenchOptions) async throws {
    let sets =
      options.set == "all"
      ? [
        "dev", "blind", "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8", "blind9", "blind10", "blind11",
        "blind12", "blind13", "blind14", "blind15", "blind16", "blind17", "blind18", "blind19", "blind20", "blind21",
        "blind22", "blind23", "blind24", "real3", "blind25",
      ]
      : [options.set]
    let backends = try AnswerBackends.make(options)
    var rows: [[String: Any]] = []
    print("backend        set      single pass        turns pass         tool right  mean out tok  s/answer")
    for backend in backends {
      for set in sets {
        var cases = try AnswerCase.load(set)
        if let limit = options.limit { cases = Array(cases.prefix(limit)) }
        backend.timings?.reset()
        let tally = try await measure(cases, backend: backend)
        var row: [String: Any] = [
          "backend": backend.name, "set": set,
          "single": ["n": tally.single, "pass": tally.singlePass],
          "multi": ["turns": tally.turns, "pass": tally.turnPass],
          "meanOutputTokens": Double(tally.outputTokens) / Double(max(tally.answers, 1)),
          "secondsPerAnswer": tally.seconds / Double(max(tally.answers, 1)), "failures": tally.failures,
          "firstToolRight": Double(tally.toolRight) / Double(max(tally.answers, 1)),
          "unavailableAsEmpty": tally.unavailableAsEmpty, "absentNames": tally.absentNames,
        ]
        if let timings = backend.timings { row["stages"] = timings.json(answers: tally.answers) }
        rows.append(row)
        print(
          backend.name.padding(toLength: 15, withPad: " ", startingAt: 0) + set.padding(toLength: 7, withPad: " ", startingAt: 0)
            + String(
              format: "%4d %5.1f%%   %4d %5.1f%%   %9.1f%%   %12.1f %9.2f", tally.single,
              100 * Double(tally.singlePass) / Double(max(tally.single, 1)), tally.turns,
              100 * Double(tally.turnPass) / Double(max(tally.turns, 1)),
              100 * Double(tally.toolRight) / Double(max(tally.answers, 1)),
              Double(tally.outputTokens) / Double(max(tally.answers, 1)), tally.seconds / Double(max(tally.answers, 1))))
        print(
          "    honesty: \(tally.unavailableAsEmpty) unavailable reported as empty, "
            + "\(tally.absentNames) with a name no tool showed")
        print(
          "    failed checks: "
            + tally.failures.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for line in backend.timings?.table(answers: tally.answers) ?? [] { print(line) }
        if set == "dev" || ProcessInfo.processInfo.environment["SHOW_MISSES"] != nil {
          for miss in tally.misses { print("    miss " + miss) }
        }
      }
    }
    // The first backend's figures on the first set, in the issue's shape, then every row.
    let first = rows.first ?? [:]
    try writeJSON(
      ["suite": "answers", "single": first["single"] ?? [:], "multi": first["multi"] ?? [:], "sets": rows], to: options.jsonPath)
  }

  static func measure(_ cases: [AnswerCase], backend: Backend) async throws -> Tally {
    var tally = Tally()
    for answerCase in cases {
      let data = answerCase.data()
      let chat = try backend.makeChat(MokaAssistant(data: data))
      var honesty = AnswerHonesty(data: data)
      for (index, turn) in answerCase.turns.enumerated() {
        let start = Date()
        var failures: [String]
        var answer = ""
        do {
          let reply = try await chat.send(turn.question)
          answer = reply.response.content
          tally.outputTokens += reply.usage.generatedTokens
          let calls = reply.response.toolCalls.map { call in
            (
              tool: call.toolName,
              arguments: (try? JSONSerialization.jsonObject(with: Data(call.arguments.jsonString.utf8))) as? [String: Any] ?? [:]
            )
          }
          failures = turn.failures(specialty: reply.specialty.rawValue, calls: calls, answer: answer).map { failure in
            guard failure.hasPrefix("route:"), let confidence = reply.routing?.confidence else { return failure }
            return failure + String(format: "@%.2f", confidence)
          }
          failures += honesty.failures(question: turn.question, outputs: reply.response.toolOutputs, answer: answer)
        } catch {
          failures = ["error:\(type(of: error))"]
        }
        tally.seconds += Date().timeIntervalSince(start)
        tally.answers += 1
        let passed = failures.isEmpty
        if answerCase.isConversation {
          tally.turns += 1
          if passed { tally.turnPass += 1 }
        } else {
          tally.single += 1
          if passed { tally.singlePass += 1 }
        }
        if !failures.contains(where: { $0.hasPrefix("tool:") || $0.hasPrefix("error:") }) { tally.toolRight += 1 }
        if failures.contains("honesty:unavailableAsEmpty") { tally.unavailableAsEmpty += 1 }
        if failures.contains(where: { $0.hasPrefix("honesty:absentName") }) { tally.absentNames += 1 }
        for failure in failures { tally.failures[String(failure.prefix { $0 != ":" }), default: 0] += 1 }
        let label = answerCase.isConversation ? "\(answerCase.id).\(index + 1)" : answerCase.id
        if !passed {
          tally.misses.append("\(label) [\(failures.joined(separator: " | "))] \(turn.question) → \(answer.prefix(160))")
        }
        // Every answer whole, for comparing two builds' answers line by line.
        if ProcessInfo.processInfo.environment["SHOW_ANSWERS"] != nil {
          print("    answer \(label): " + answer.replacingOccurrences(of: "\n", with: " "))
        }
      }
    }
    return tally
  }
}
