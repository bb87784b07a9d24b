import Foundation

/// A multinomial logistic-regression classifier over ``NGramFeatures``, trained on labelled
/// examples: routing that generalises from examples instead of hand-picked phrases.
///
/// Training is deterministic (a seeded shuffle, a fixed schedule), so the same examples give the
/// same weights and the same answers on every machine. It takes milliseconds for a few hundred
/// examples; classification is linear in the utterance's length.
///
/// ```swift
/// let router = LinearClassifier(
///   examples: [.init("where can I buy beans", label: "shopping"), .init("how much is left in my bag", label: "cupboard")],
///   features: NGramFeatures())
/// router.classify(Utterance("where do I buy a grinder"), cases: ["shopping", "cupboard", "unsure"]).answer  // "shopping"
/// ```
public struct LinearClassifier: UtteranceClassifier {
  /// One labelled training example.
  public struct Example: Sendable, Equatable {
    /// The text.
    public var text: String
    /// Its case.
    public var label: String
    /// Creates an example.
    public init(_ text: String, label: String) { (self.text, self.label) = (text, label) }
  }

  /// How training runs.
  public struct Training: Sendable {
    /// Passes over the examples.
    public var epochs: Int
    /// The first pass's step size; later passes shrink it.
    public var learningRate: Double
    /// L2 penalty on the weights of the features an example has.
    public var l2: Double
    /// Seeds the shuffle of each pass.
    public var seed: UInt64

    /// Creates a schedule.
    public init(epochs: Int = 30, learningRate: Double = 0.4, l2: Double = 1e-4, seed: UInt64 = 1) {
      (self.epochs, self.learningRate, self.l2, self.seed) = (epochs, learningRate, l2, seed)
    }
  }

  /// The cases, in the order of the weight columns.
  public let labels: [String]
  /// The feature extractor.
  public let features: NGramFeatures
  /// Below this probability the best case is not trusted and the answer is ``unsureAnswer``.
  public var minimumProbability: Double
  /// The answer when no case is probable enough.
  public var unsureAnswer: String

  let rows: [String: Int]
  let weights: [Double]
  let bias: [Double]

  /// A classifier from trained weights (``LinearClassifier/cached(examples:features:featuresFingerprint:training:minimumProbability:unsureAnswer:cache:)``).
  init(
    labels: [String], features: NGramFeatures, rows: [String: Int], weights: [Double], bias: [Double],
    minimumProbability: Double, unsureAnswer: String
  ) {
    (self.labels, self.features, self.rows, self.weights, self.bias) = (labels, features, rows, weights, bias)
    (self.minimumProbability, self.unsureAnswer) = (minimumProbability, unsureAnswer)
  }

  /// Trains a classifier on `examples`.
  public init(
    examples: [Example], features: NGramFeatures, training: Training = Training(), minimumProbability: Double = 0.5,
    unsureAnswer: String = "unsure"
  ) {
    let labels = Array(Set(examples.map(\.label))).sorted()
    var rows: [String: Int] = [:]
    let encoded: [(features: [Int], label: Int)] = examples.map { example in
      let indices = features.features(of: Utterance(example.text)).map { feature in
        if let row = rows[feature] { return row }
        rows[feature] = rows.count
        return rows.count - 1
      }
      return (indices, labels.firstIndex(of: example.label) ?? 0)
    }
    let width = labels.count
    var weights = [Double](repeating: 0, count: rows.count * width)
    var bias = [Double](repeating: 0, count: width)
    var generator = SplitMix64(seed: training.seed)
    var order = Array(encoded.indices)
    var probabilities = [Double](repeating: 0, count: width)
    var steps = [Double](repeating: 0, count: width)
    let l2 = training.l2
    for epoch in 0..<training.epochs {
      order.shuffle(using: &generator)
      let rate = training.learningRate / (1 + Double(epoch) * 0.1)
      for index in order {
        let example = encoded[index]
        let scale = 1 / Double(max(example.features.count, 1)).squareRoot()
        Self.softmax(example.features, scale: scale, weights: weights, bias: bias, width: width, into: &probabilities)
        for column in 0..<width {
          let gradient = probabilities[column] - (column == example.label ? 1 : 0)
          bias[column] -= rate * gradient
          steps[column] = gradient * scale
        }
        // Each weight's update reads only itself and its column's step, so a feature's row is
        // updated in one contiguous pass (the same arithmetic, in memory order).
        weights.withUnsafeMutableBufferPointer { weights in
          steps.withUnsafeBufferPointer { steps in
            for row in example.features {
              Self.descend(weights.baseAddress! + row * width, steps: steps, count: width, rate: rate, l2: l2)
            }
          }
        }
      }
    }
    self.labels = labels
    self.features = features
    self.rows = rows
    self.weights = weights
    self.bias = bias
    self.minimumProbability = minimumProbability
    self.unsureAnswer = unsureAnswer
  }

  /// The probability of each trained case for `utterance`.
  public func probabilities(of utterance: Utterance) -> [String: Double] {
    let indices = features.features(of: utterance).compactMap { rows[$0] }
    var probabilities = [Double](repeating: 0, count: labels.count)
    let scale = 1 / Double(max(indices.count, 1)).squareRoot()
    Self.softmax(indices, scale: scale, weights: weights, bias: bias, width: labels.count, into: &probabilities)
    return Dictionary(uniqueKeysWithValues: zip(labels, probabilities))
  }

  /// The most probable case among `cases`, renormalised over them, or ``unsureAnswer`` when it
  /// stays under ``minimumProbability``. Scores are the probabilities.
  public func classify(_ utterance: Utterance, cases: [String]) -> (answer: String, confidence: Double, scores: [String: Double])
  {
    let all = probabilities(of: utterance)
    var scores: [String: Double] = [:]
    for name in cases where name != unsureAnswer { scores[name] = all[name] ?? 0 }
    let total = scores.values.reduce(0, +)
    guard total > 0 else { return (unsureAnswer, 0, scores) }
    for (name, value) in scores { scores[name] = value / total }
    let best = scores.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!
    guard best.value >= minimumProbability || !cases.contains(unsureAnswer) else { return (unsureAnswer, best.value, scores) }
    return (best.key, best.value, scores)
  }

  private static func softmax(
    _ features: [Int], scale: Double, weights: [Double], bias: [Double], width: Int, into result: inout [Double]
  ) {
    for column in 0..<width { result[column] = bias[column] }
    weights.withUnsafeBufferPointer { weights in
      result.withUnsafeMutableBufferPointer { result in
        for row in features { accumulate(weights.baseAddress! + row * width, scale: scale, into: result, count: width) }
      }
    }
    let top = result.max() ?? 0
    var sum = 0.0
    for column in 0..<width {
      result[column] = exp(result[column] - top)
      sum += result[column]
    }
    for column in 0..<width { result[column] /= sum }
  }
}

extension LinearClassifier {
  // Both loops run four columns at a time, loaded and stored as whole vectors: each lane does
  // exactly the scalar arithmetic (no fused multiply-add), so the weights are the same bit for
  // bit as a plain loop's.

  /// `row[c] -= rate * (steps[c] + l2 * row[c])` for each column `c`.
  fileprivate static func descend(
    _ row: UnsafeMutablePointer<Double>, steps: UnsafeBufferPointer<Double>, count: Int, rate: Double, l2: Double
  ) {
    let step = steps.baseAddress!
    var column = 0
    let (rates, penalties) = (SIMD4(repeating: rate), SIMD4(repeating: l2))
    while column + 4 <= count {
      let weight = UnsafeRawPointer(row + column).loadUnaligned(as: SIMD4<Double>.self)
      let change = UnsafeRawPointer(step + column).loadUnaligned(as: SIMD4<Double>.self)
      let updated = weight - rates * (change + penalties * weight)
      UnsafeMutableRawPointer(row + column).storeBytes(of: updated, as: SIMD4<Double>.self)
      column += 4
    }
    while column < count {
      row[column] -= rate * (step[column] + l2 * row[column])
      column += 1
    }
  }

  /// `result[c] += row[c] * scale` for each column `c`.
  fileprivate static func accumulate(
    _ row: UnsafePointer<Double>, scale: Double, into result: UnsafeMutableBufferPointer<Double>, count: Int
  ) {
    let sum = result.baseAddress!
    var column = 0
    let scales = SIMD4(repeating: scale)
    while column + 4 <= count {
      let total = UnsafeRawPointer(sum + column).loadUnaligned(as: SIMD4<Double>.self)
      let weight = UnsafeRawPointer(row + column).loadUnaligned(as: SIMD4<Double>.self)
      UnsafeMutableRawPointer(sum + column).storeBytes(of: total + weight * scales, as: SIMD4<Double>.self)
      column += 4
    }
    while column < count {
      sum[column] += row[column] * scale
      column += 1
    }
  }
}

/// A small, fast, seedable generator (SplitMix64), so training shuffles the same way everywhere.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
