import Foundation
import Ristretto

extension LinearClassifier {
  /// A classifier trained on `examples` once per machine: the weights are stored in `cache`
  /// under the fingerprint of everything training reads (the examples, the feature settings,
  /// `featuresFingerprint`, the schedule), and later starts read them instead of training.
  ///
  /// Training is deterministic, so a stored classifier answers exactly as a freshly trained one.
  /// A missing, stale or damaged file is trained again and rewritten.
  ///
  /// - Parameters:
  ///   - examples: The labelled examples to train on.
  ///   - features: How a text becomes features.
  ///   - featuresFingerprint: Names what ``NGramFeatures/tags`` depends on (the app's vocabulary,
  ///     say), since a closure cannot be fingerprinted; change it whenever the tags change.
  ///   - training: The training settings.
  ///   - minimumProbability: Below it, the classifier answers `unsureAnswer`.
  ///   - unsureAnswer: The label of an unsure answer.
  ///   - cache: Where weights are kept (default `DerivedDataCache.standard`).
  ///
  /// ```swift
  /// let router = LinearClassifier.cached(examples: examples, features: NGramFeatures(), featuresFingerprint: "v1")
  /// ```
  public static func cached(
    examples: [Example], features: NGramFeatures, featuresFingerprint: String, training: Training = Training(),
    minimumProbability: Double = 0.5, unsureAnswer: String = "unsure", cache: DerivedDataCache = .standard
  ) -> LinearClassifier {
    var fingerprint = Fingerprint()
    fingerprint.add("examples")
    for example in examples {
      fingerprint.add(example.text)
      fingerprint.add(example.label)
    }
    return cached(
      examplesFingerprint: fingerprint, examples: { examples }, features: features, featuresFingerprint: featuresFingerprint,
      training: training, minimumProbability: minimumProbability, unsureAnswer: unsureAnswer, cache: cache)
  }

  /// A classifier trained once per machine on examples that are read only when it trains: `source`
  /// (the bytes the examples are parsed from, say) stands for them in the fingerprint, so a start
  /// that finds the weights stored never parses the examples. How the examples are read from
  /// `source` is not in the fingerprint: name it in `featuresFingerprint` (a version of the
  /// parser), and change that name whenever the parsing changes.
  ///
  /// ```swift
  /// let bytes = try Data(contentsOf: examplesFile)
  /// let router = LinearClassifier.cached(
  ///   source: bytes, examples: { parse(bytes) }, features: NGramFeatures(), featuresFingerprint: "v1")
  /// ```
  public static func cached(
    source: some Sequence<UInt8>, examples: () -> [Example], features: NGramFeatures, featuresFingerprint: String,
    training: Training = Training(), minimumProbability: Double = 0.5, unsureAnswer: String = "unsure",
    cache: DerivedDataCache = .standard
  ) -> LinearClassifier {
    var fingerprint = Fingerprint()
    fingerprint.add("source")
    fingerprint.add(source)
    return cached(
      examplesFingerprint: fingerprint, examples: examples, features: features, featuresFingerprint: featuresFingerprint,
      training: training, minimumProbability: minimumProbability, unsureAnswer: unsureAnswer, cache: cache)
  }

  private static func cached(
    examplesFingerprint: Fingerprint, examples: () -> [Example], features: NGramFeatures, featuresFingerprint: String,
    training: Training, minimumProbability: Double, unsureAnswer: String, cache: DerivedDataCache
  ) -> LinearClassifier {
    var fingerprint = Fingerprint()
    fingerprint.add("LinearClassifier/1")
    // (How text is split into words decides every feature.)
    fingerprint.add(Utterance.normalizationVersion)
    fingerprint.add(featuresFingerprint)
    fingerprint.add("\(features.characterLengths) \(features.wordPairs)")
    fingerprint.add("\(training.epochs) \(training.learningRate) \(training.l2) \(training.seed)")
    fingerprint.add(String(examplesFingerprint.value))
    if let stored = cache.read("classifier", fingerprint: fingerprint),
      let classifier = LinearClassifier(
        stored: stored, features: features, minimumProbability: minimumProbability, unsureAnswer: unsureAnswer)
    {
      return classifier
    }
    let trained = LinearClassifier(
      examples: examples(), features: features, training: training, minimumProbability: minimumProbability,
      unsureAnswer: unsureAnswer)
    cache.write(trained.stored, "classifier", fingerprint: fingerprint)
    return trained
  }

  /// The trained weights as bytes: labels, feature names in row order, weights, bias.
  var stored: Data {
    var writer = ByteWriter()
    writer.write("ristretto-classifier/1")
    writer.write(labels.count)
    for label in labels { writer.write(label) }
    var names = [String](repeating: "", count: rows.count)
    for (name, row) in rows { names[row] = name }
    writer.write(names.count)
    for name in names { writer.write(name) }
    for weight in weights { writer.write(weight) }
    for value in bias { writer.write(value) }
    return writer.data
  }

  /// Reads ``stored``; nil when the bytes are not a whole classifier of this format.
  init?(stored: Data, features: NGramFeatures, minimumProbability: Double, unsureAnswer: String) {
    var reader = ByteReader(stored)
    guard reader.string() == "ristretto-classifier/1", let labelCount = reader.int(atMost: 1 << 16) else { return nil }
    var labels: [String] = []
    for _ in 0..<labelCount {
      guard let label = reader.string() else { return nil }
      labels.append(label)
    }
    guard let rowCount = reader.int(atMost: reader.remaining / 8) else { return nil }
    var rows: [String: Int] = [:]
    rows.reserveCapacity(rowCount)
    for row in 0..<rowCount {
      guard let name = reader.string(), rows.updateValue(row, forKey: name) == nil else { return nil }
    }
    let (count, overflow) = rowCount.multipliedReportingOverflow(by: labelCount)
    guard !overflow, reader.remaining == (count + labelCount) * 8 else { return nil }
    guard let weights = reader.doubles(count), let bias = reader.doubles(labelCount), reader.isAtEnd,
      weights.allSatisfy(\.isFinite), bias.allSatisfy(\.isFinite)
    else { return nil }
    self.init(
      labels: labels, features: features, rows: rows, weights: weights, bias: bias, minimumProbability: minimumProbability,
      unsureAnswer: unsureAnswer)
  }
}
