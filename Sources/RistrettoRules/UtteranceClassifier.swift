/// Picks one case of an enum for an utterance: how the rule-based model answers a router.
///
/// Two implementations ship: ``Classifier`` (weighted phrases written by hand) and
/// ``LinearClassifier`` (learned from labelled examples over word and character n-grams).
public protocol UtteranceClassifier: Sendable {
  /// The chosen case among `cases` (or an unsure answer), its confidence in 0...1, and a score per case.
  func classify(_ utterance: Utterance, cases: [String]) -> (answer: String, confidence: Double, scores: [String: Double])
}

extension Classifier: UtteranceClassifier {}
