import Foundation
import RistrettoFixtures
import RistrettoRules

/// Which knowledge topic a question asks about, learned from labelled questions: a
/// ``LinearClassifier`` over word and character n-grams, trained on `knowledge-topics.jsonl`
/// (each line a question and its topic, or `null` for a question no topic answers).
///
/// The topics together compete with "none": a question asks a topic when their probabilities add up
/// to at least ``minimumProbability``, and then it asks the likeliest one.
enum MokaTopicClassifier {
  /// The labelled file.
  static let file = "knowledge-topics.jsonl"
  /// The label of a question no topic answers.
  static let none = "#none"
  /// The least total probability of the topics for a question to ask one.
  static let minimumProbability = 0.5
  /// How many times each topic example counts against one "none" example (topics are rare).
  static let topicWeight = 3

  /// Names how ``examples(jsonLines:)`` reads the file, for the stored weights' fingerprint: change
  /// it whenever that reading (or ``none``) changes, or a start reads weights trained on the old one.
  static let examplesFormat = "moka-topics/2"

  /// The weighted examples of `text`'s lines `{"q": …, "topic": … | null}`; unreadable lines are skipped.
  static func examples(jsonLines text: String) -> [LinearClassifier.Example] {
    text.split(separator: "\n").flatMap { line -> [LinearClassifier.Example] in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let question = object["q"] as? String
      else { return [] }
      guard let topic = object["topic"] as? String else { return [LinearClassifier.Example(question, label: none)] }
      return Array(repeating: LinearClassifier.Example(question, label: topic), count: topicWeight)
    }
  }

  /// The classifier, trained once per machine: its weights are kept in the derived-data cache
  /// under the fingerprint of the labelled file's bytes, so a start that finds them never parses
  /// the examples.
  static let classifier: LinearClassifier = {
    let bytes = (try? BundledFixtures.data(file)) ?? Data()
    return LinearClassifier.cached(
      source: bytes, examples: { examples(jsonLines: String(decoding: bytes, as: UTF8.self)) }, features: NGramFeatures(),
      featuresFingerprint: "\(examplesFormat) weight \(topicWeight)", minimumProbability: 0, unsureAnswer: none)
  }()

  /// The topic `question` asks about, or nil.
  static func topic(of question: Utterance) -> String? {
    let probabilities = classifier.probabilities(of: question)
    let total = 1 - (probabilities[none] ?? 1)
    guard total >= minimumProbability else { return nil }
    return probabilities.filter { $0.key != none }.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
  }
}
