import Foundation
import MokaPot
import Ristretto
import RistrettoRules

/// `moka-bench inputs`: time against input size (1k to 100k characters) for each stage a
/// question goes through — counting its tokens, the rule-based model's answer, a session request
/// and a routed chat turn — so a cost that grows faster than the input shows as a steeper row.
///
/// Three texts per size: prose (a moka-pot question repeated), varied prose (sentences made from
/// the bean data, differing word by word as a long real message does) and one unbroken word (the
/// worst case for byte-level BPE, whose merges run within a word). Then a long conversation
/// (``ConversationBench``) and big data files (``DataSizeBench``). A question that cannot fit the context is
/// refused with `exceededContextWindowSize`; the outcome column says which happened.
enum InputSizeBench {
  static let sizes = [1_000, 3_000, 10_000, 30_000, 100_000]

  static func text(_ kind: String, characters: Int, beans: [Bean] = []) -> String {
    if kind == "varied" {
      // Sentences that differ word by word, as a long real message does, made from the data.
      var text = ""
      var index = 0
      while text.count < characters, !beans.isEmpty {
        let bean = beans[index % beans.count]
        text +=
          "I had the \(bean.name) from \(bean.region) (\(bean.process), \(bean.roast) roast) and tasted "
          + bean.notes.joined(separator: ", ") + " in my \(index % 3 == 0 ? "3-cup" : "6-cup") moka pot. "
        index += 1
      }
      return String(text.prefix(characters))
    }
    let unit =
      kind == "prose"
      ? "Why is my moka pot sputtering when the water is hot and the basket is full of fine espresso grind? "
      : "a"
    return String(String(repeating: unit, count: characters / unit.count + 1).prefix(characters))
  }

  static func run(_ options: BenchOptions) async throws {
    let data = MokaData.load()
    let assistant = MokaAssistant(data: data)
    let model = try assistant.rulesModel
    let tokenizer = try MokaAssistant.smolLM2Tokenizer()
    let repeats = options.quick ? 1 : 5
    var rows: [[String: Any]] = []
    print("kind   characters  tokens  count ms  rules ms  session ms  chat ms  outcome")
    for kind in ["prose", "varied", "word"] {
      for size in sizes {
        let question = text(kind, characters: size, beans: data.beans)
        var tokens = 0
        // Encoded, not counted: the tokenizer remembers the counts of long texts.
        let count = median(repeats) { tokens = tokenizer.encode(question).count }
        let request = GenerationRequest(
          transcript: Transcript(entries: [.prompt(.init(id: "p", segments: [.text(question)]))]),
          tools: assistant.toolbox.map(\.definition))
        let rules = median(repeats) { _ = try? model.respond(to: request) }
        var outcome = ""
        let session = await medianAsync(repeats) {
          let session = LanguageModelSession(
            model: model, tools: assistant.toolbox, instructions: "You are a moka-pot assistant.")
          outcome = await Self.outcome { _ = try await session.respond(to: question) }
        }
        let chat = await medianAsync(repeats) {
          guard let chat = try? assistant.chat(model: model) else { return }
          _ = await Self.outcome { _ = try await chat.send(question) }
        }
        print(
          kind.padding(toLength: 6, withPad: " ", startingAt: 0)
            + String(format: " %10d %7d %9.2f %9.2f %11.2f %8.2f  ", size, tokens, count, rules, session, chat) + outcome)
        rows.append([
          "kind": kind, "characters": size, "tokens": tokens, "countMilliseconds": count, "rulesMilliseconds": rules,
          "sessionMilliseconds": session, "chatMilliseconds": chat, "outcome": outcome,
        ])
      }
    }
    let conversation = try await ConversationBench.run(options)
    let dataFiles = try await DataSizeBench.run(options)
    try writeJSON(
      ["suite": "inputs", "repeats": repeats, "rows": rows, "conversation": conversation, "dataFiles": dataFiles],
      to: options.jsonPath)
    if let directory = options.svgDirectory { try BenchCharts.inputs(rows, to: directory) }
  }

  /// "answered", or the error's case (`exceededContextWindowSize`, …).
  static func outcome(_ body: () async throws -> Void) async -> String {
    do {
      try await body()
      return "answered"
    } catch let error as GenerationError {
      return String(describing: error).prefix { $0 != "(" }.description
    } catch {
      return "\(type(of: error))"
    }
  }

  /// The median of `repeats` timings of `body`, in milliseconds.
  static func median(_ repeats: Int, _ body: () -> Void) -> Double {
    Percentiles((0..<repeats).map { _ in micros(body) / 1000 }).p50
  }

  static func medianAsync(_ repeats: Int, _ body: () async -> Void) async -> Double {
    var samples: [Double] = []
    for _ in 0..<repeats {
      let start = ContinuousClock.now
      await body()
      let elapsed = ContinuousClock.now - start
      samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return Percentiles(samples).p50
  }
}
