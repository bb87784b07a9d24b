import Foundation
import MokaPot
import Ristretto

/// The cost of big data files: one of `beans.json`, `cupboard.json` or `cafes.json` grown to
/// 1,000, 10,000 and 100,000 entries (copies of the bundled entries, each named apart), the other
/// two as bundled. For each: the time to read, decode and check the files (`MokaData.load`) and
/// the time of a first answer on the rule-based model
/// (building the rule book from the data included) to a question that needs no data and to one
/// that reads the grown file.
enum DataSizeBench {
  static let sizes = [1_000, 10_000, 100_000]
  static let plainQuestion = "Why is my moka pot sputtering?"
  static let dataQuestions: [MokaSource: String] = [
    .beans: "any light roast from ethiopia?", .cupboard: "how much coffee do I have left?",
    .cafes: "which shops near me sell gaskets?",
  ]

  static func run(_ options: BenchOptions) async throws -> [[String: Any]] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("moka-bench-data-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let bundled = MokaData.load()
    let sizes = options.quick ? [1_000, 10_000] : sizes
    var rows: [[String: Any]] = []
    print("\nfile           entries   MB   load ms  plain answer ms  data answer ms")
    for source in MokaSource.allCases {
      for size in sizes {
        let megabytes = try write(source, entries: size, from: bundled, to: directory)
        let start = ContinuousClock.now
        var data: MokaData? = MokaData.load(from: directory, now: bundled.now)
        let load = milliseconds(since: start)
        data?.location = (45.07, 7.68)
        guard let loaded = data else { continue }
        let plain = await answer(plainQuestion, data: loaded)
        let asked = await answer(dataQuestions[source] ?? plainQuestion, data: loaded)
        data = nil
        print(
          source.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
            + String(format: " %7d %5.1f %8.0f %16.0f %15.0f", size, megabytes, load, plain, asked))
        rows.append([
          "file": source.rawValue, "entries": size, "megabytes": megabytes, "loadMilliseconds": load,
          "plainAnswerMilliseconds": plain, "dataAnswerMilliseconds": asked,
          "leftOut": loaded.issues.count,
        ])
      }
    }
    return rows
  }

  /// The time of a first answer to `question`: the assistant, its rule book and a chat built from
  /// `data`, then one turn.
  static func answer(_ question: String, data: MokaData) async -> Double {
    let start = ContinuousClock.now
    let assistant = MokaAssistant(data: data)
    if let model = try? assistant.rulesModel, let chat = try? assistant.chat(model: model) {
      _ = try? await chat.send(question)
    }
    return milliseconds(since: start)
  }

  /// Writes the three files to `directory`, `source` grown to `entries` entries; returns its size in MB.
  static func write(_ source: MokaSource, entries: Int, from data: MokaData, to directory: URL) throws -> Double {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    var files: [MokaSource: Data] = [
      .beans: try encoder.encode(data.beans), .cupboard: try encoder.encode(data.cupboard ?? []),
      .cafes: try encoder.encode(data.cafes),
    ]
    switch source {
    case .beans:
      files[.beans] = try encoder.encode(
        copies(data.beans, entries) {
          $0.name += " \($1)"; $0.id += "-\($1)"
        })
    case .cupboard:
      files[.cupboard] = try encoder.encode(copies(data.cupboard ?? [], entries) { $0.name += " \($1)" })
    case .cafes:
      files[.cafes] = try encoder.encode(copies(data.cafes, entries) { $0.name += " \($1)" })
    }
    for (file, bytes) in files { try bytes.write(to: directory.appendingPathComponent(file.rawValue)) }
    return Double(files[source]?.count ?? 0) / 1_048_576
  }

  /// `count` entries cycling through `entries`, each renamed with its position.
  static func copies<Entry>(_ entries: [Entry], _ count: Int, rename: (inout Entry, Int) -> Void) -> [Entry] {
    guard !entries.isEmpty else { return [] }
    return (0..<count).map { index in
      var entry = entries[index % entries.count]
      rename(&entry, index)
      return entry
    }
  }

  static func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
  }
}
