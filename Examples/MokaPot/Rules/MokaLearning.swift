import Foundation
import Ristretto
import RistrettoFixtures
import RistrettoRules

/// The moka assistant's choices learned from labelled examples: routing, tool choice and
/// argument reading as ``LearnedRules`` learns them from the tuning sets' labels, the tools'
/// schemas and the names in the data. The held-out sets (`answers-blind25`, `answers-real1`,
/// `answers-real2`, `answers-real4`, `routing-blind23`, `routing-blind24`, `routing-real1`,
/// `routing-real2`, `routing-real4`) are never among the examples.
public enum MokaLearning {
  /// The answer sets whose turns teach tool choice and arguments (`answers-blind2` labels many
  /// turns with any tool, `*`, so it teaches nothing and is left out).
  public static let answerSets = ["dev", "blind"] + (3...24).map { "blind\($0)" } + ["real3"]
  /// The routing sets whose questions teach routing only.
  public static let routingSets = ["dev", "holdout", "test", "final", "blind"] + (2...22).map { "blind\($0)" } + ["real3"]

  /// The labelled examples of the bundled tuning sets, less the sets named in `leavingOut`
  /// (answer set names without their `answers-` prefix).
  public static func examples(leavingOut: Set<String> = []) throws -> [LabelledExample] {
    var examples: [LabelledExample] = []
    for name in answerSets where !leavingOut.contains(name) {
      examples += try LabelledExample.jsonLines(String(decoding: BundledFixtures.data("answers-\(name).jsonl"), as: UTF8.self))
    }
    for name in routingSets {
      examples += try LabelledExample.jsonLines(String(decoding: BundledFixtures.data("routing-\(name).jsonl"), as: UTF8.self))
    }
    return examples
  }

  /// The tool chooser the written rules are scored by: trained on every labelled turn of
  /// ``examples(leavingOut:)`` over `tools`, once per process, its weights kept on disk so a
  /// later start reads them. (Bundled sets that fail to parse teach nothing: no tool is chosen.)
  static func toolChooser(tools: [String]) -> LinearClassifier {
    ClassifierCache.shared.get("tools|" + tools.joined(separator: ",")) {
      LearnedRules.toolChooser(
        source: examplesSource, examples: { (try? examples()) ?? [] }, tools: tools,
        settings: LearnedRules.Settings(cache: .standard))
    }
  }

  /// The bytes of the sets ``examples(leavingOut:)`` reads, which name the stored chooser.
  static var examplesSource: Data {
    MokaRouter.bytes(ofSets: answerSets.map { "answers-\($0)" } + routingSets.map { "routing-\($0)" })
  }

  /// The names in the data, as vocabularies of the tools' string arguments.
  public static func vocabularies(_ data: MokaData) -> [String: Gazetteer] {
    let origins = Set(data.beans.flatMap { [$0.country, $0.region] }).sorted()
    let notes = Set(data.beans.flatMap(\.notes)).sorted()
    let items = Set(data.cafes.flatMap(\.sells)).sorted()
    return [
      "searchBeans.origin": Gazetteer(values: origins, partialNames: true),
      "searchBeans.notes": Gazetteer(values: notes), "tasteQuiz.likes": Gazetteer(values: notes),
      "cupboard.bag": Gazetteer(values: (data.cupboard ?? []).map(\.name), partialNames: true),
      "nearbyCafes.item": Gazetteer(values: items),
    ]
  }

  /// The rules learned for `data` and `tools`; trained weights are kept in `cache`, so a later
  /// start reads them instead of training.
  public static func rules(
    data: MokaData, tools: [any Tool], examples: [LabelledExample], cache: DerivedDataCache? = .standard
  ) -> LearnedRules {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let weekday = calendar.component(.weekday, from: data.now) - 1
    let settings = LearnedRules.Settings(
      statusDidNotRun: { $0.hasSuffix("Unavailable") }, weekday: { weekday }, cache: cache)
    return LearnedRules(
      examples: examples, tools: tools.map(\.definition), vocabularies: vocabularies(data),
      reply: "I can help with moka-pot coffee.", settings: settings)
  }
}
