import Foundation
import RistrettoFixtures
import RistrettoRules

/// The rule-based router: a ``LinearClassifier`` trained on the labelled routing sets, over word
/// and character n-grams plus tags derived from the assistant's own data (bag names, origins in
/// the corpus, gear the shops sell). No phrase is written for a particular question.
enum MokaRouter {
  /// The labelled sets the router learns from: every tuning set (routing and answer sets, in the
  /// project's style and in real users' styles). The held-out sets (`routing-blind23`,
  /// `routing-blind24`, `answers-blind25` and the real-user sets but `real3`) are never among them,
  /// and `moka-bench routing` measures each routing set with the router retrained without it.
  static let trainingSets =
    [
      "routing-dev", "routing-holdout", "routing-test", "routing-final", "routing-blind", "routing-blind2",
      "routing-blind3", "routing-blind4", "routing-blind5", "routing-blind6", "routing-blind7", "answers-dev", "answers-blind",
      "answers-blind2",
      "answers-blind3", "answers-blind4", "answers-blind5", "answers-blind6", "routing-real3", "answers-real3",
    ] + (8...22).map { "routing-blind\($0)" } + (7...24).map { "answers-blind\($0)" }

  /// The bytes of the bundled training sets, one after another.
  static let bundledSource = bytes(ofSets: trainingSets)

  /// The bundled sets named, one after another, each ended by a newline (a set that cannot be
  /// read adds nothing): what names weights trained on them.
  static func bytes(ofSets names: [String]) -> Data {
    names.reduce(into: Data()) { bytes, name in
      bytes.append((try? BundledFixtures.data(name + ".jsonl")) ?? Data())
      bytes.append(0x0a)
    }
  }

  /// The examples of the bundled `sets`.
  static func examples(sets: [String]) throws -> [LinearClassifier.Example] {
    try sets.flatMap { examples(jsonLines: try BundledFixtures.data($0 + ".jsonl")) }
  }

  /// Names how ``examples(jsonLines:)`` reads the sets, for the stored weights' fingerprint: change
  /// it whenever that reading changes, or a start reads weights trained on the old reading.
  static let examplesFormat = "router-sets/2"

  /// Parses `{"q": …, "label": …}` lines; an answer case without a label counts as its only
  /// acceptable specialty, and a conversation gives each turn that has one (a later turn teaches
  /// how a question asked mid-conversation reads, "and where would I buy more of it?").
  static func examples(jsonLines data: Data) -> [LinearClassifier.Example] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").flatMap { line -> [LinearClassifier.Example] in
      guard let whole = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return [] }
      return ((whole["turns"] as? [[String: Any]]) ?? [whole]).compactMap { object in
        // (An answer case that accepts several specialties names no best one: it teaches nothing.)
        let acceptable = object["acceptable"] as? [String] ?? []
        guard let text = object["q"] as? String,
          let label = object["label"] as? String ?? (acceptable.count == 1 ? acceptable.first : nil)
        else { return nil }
        return LinearClassifier.Example(text, label: label)
      }
    }
  }

  /// A classifier for `data`, trained on `examples` (the bundled sets by default); cached per data
  /// and examples, so an assistant is cheap to create.
  static func classifier(data: MokaData, examples: [LinearClassifier.Example]? = nil) -> LinearClassifier {
    classifier(tags: MokaTags(data: data), examples: examples)
  }

  /// A classifier with the tags already derived from the data. Trained on the bundled sets, its
  /// weights are found by the fingerprint of the sets' bytes, so a start that finds them stored
  /// never parses the sets.
  static func classifier(tags vocabulary: MokaTags, examples: [LinearClassifier.Example]? = nil) -> LinearClassifier {
    let features = NGramFeatures(tags: vocabulary.tags)
    guard let examples else {
      return ClassifierCache.shared.get(vocabulary.fingerprint + "|bundled") {
        LinearClassifier.cached(
          source: bundledSource, examples: { MokaRouter.examples(jsonLines: bundledSource) }, features: features,
          featuresFingerprint: vocabulary.fingerprint + "|" + examplesFormat, minimumProbability: 0.45, unsureAnswer: "unsure")
      }
    }
    let key = vocabulary.fingerprint + "|\(examples.count)|\(examples.first?.text ?? "")|\(examples.last?.text ?? "")"
    return ClassifierCache.shared.get(key) {
      LinearClassifier.cached(
        examples: examples, features: features, featuresFingerprint: vocabulary.fingerprint, minimumProbability: 0.45,
        unsureAnswer: "unsure")
    }
  }
}

/// Trained classifiers, one per data fingerprint.
final class ClassifierCache: @unchecked Sendable {
  static let shared = ClassifierCache()
  private let lock = NSLock()
  private var classifiers: [String: LinearClassifier] = [:]

  func get(_ key: String, make: () -> LinearClassifier) -> LinearClassifier {
    lock.lock()
    defer { lock.unlock() }
    if let cached = classifiers[key] { return cached }
    let made = make()
    classifiers[key] = made
    return made
  }
}
