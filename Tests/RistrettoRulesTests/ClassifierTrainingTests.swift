import Foundation
import Testing

@testable import RistrettoRules

/// Training gives the weights of plain stochastic gradient descent, one weight at a time, bit for
/// bit, whatever the number of cases (the update runs four columns at a time).
@Suite("Linear classifier: training arithmetic")
struct ClassifierTrainingTests {
  /// The examples, labelled with the first `labelCount` of nine cases.
  static func examples(labelCount: Int) -> [LinearClassifier.Example] {
    let texts = [
      "where can I buy beans", "a shop that sells gaskets", "how much is left in my bag", "my bags of coffee",
      "why is it sputtering", "the coffee tastes bitter", "is the shop open on sunday", "grind size for a moka",
      "how many grams in the basket", "what roaster made my beans",
    ]
    let labels = [
      "shopping", "cupboard", "brewing", "places", "knowledge", "gear", "safety", "origins", "greeting",
    ].prefix(labelCount)
    return texts.enumerated().map { .init($0.element, label: labels[$0.offset % labels.count]) }
  }

  /// The scalar loop: for each example, each case, each feature.
  static func referenceWeights(_ examples: [LinearClassifier.Example], training: LinearClassifier.Training) -> (
    rows: [String: Int], weights: [Double], bias: [Double]
  ) {
    let features = NGramFeatures()
    let labels = Array(Set(examples.map(\.label))).sorted()
    var rows: [String: Int] = [:]
    let encoded = examples.map { example in
      let indices = features.features(of: Utterance(example.text)).map { feature in
        if let row = rows[feature] { return row }
        rows[feature] = rows.count
        return rows.count - 1
      }
      return (features: indices, label: labels.firstIndex(of: example.label)!)
    }
    let width = labels.count
    var weights = [Double](repeating: 0, count: rows.count * width)
    var bias = [Double](repeating: 0, count: width)
    var generator = SplitMix64(seed: training.seed)
    var order = Array(encoded.indices)
    for epoch in 0..<training.epochs {
      order.shuffle(using: &generator)
      let rate = training.learningRate / (1 + Double(epoch) * 0.1)
      for index in order {
        let example = encoded[index]
        let scale = 1 / Double(max(example.features.count, 1)).squareRoot()
        var scores = bias
        for row in example.features {
          for column in 0..<width { scores[column] += weights[row * width + column] * scale }
        }
        let top = scores.max()!
        let exponentials = scores.map { exp($0 - top) }
        let sum = exponentials.reduce(0, +)
        for column in 0..<width {
          let gradient = exponentials[column] / sum - (column == example.label ? 1 : 0)
          bias[column] -= training.learningRate / (1 + Double(epoch) * 0.1) * gradient
          for row in example.features {
            let slot = row * width + column
            weights[slot] -= rate * (gradient * scale + training.l2 * weights[slot])
          }
        }
      }
    }
    return (rows, weights, bias)
  }

  @Test("Training matches the scalar loop bit for bit, for odd and even numbers of cases", arguments: [2, 3, 4, 5, 7, 8, 9])
  func matchesScalarLoop(labelCount: Int) {
    let examples = Self.examples(labelCount: labelCount)
    let training = LinearClassifier.Training(epochs: 7)
    let trained = LinearClassifier(examples: examples, features: NGramFeatures(), training: training)
    let reference = Self.referenceWeights(examples, training: training)
    #expect(trained.rows == reference.rows)
    #expect(trained.weights.map(\.bitPattern) == reference.weights.map(\.bitPattern))
    #expect(trained.bias.map(\.bitPattern) == reference.bias.map(\.bitPattern))
    #expect(trained.weights.contains { $0 != 0 })
  }

  /// A word's feature and its padded runs of 3 to 5 characters, as a plain loop over characters.
  static func runs(of word: String) -> [String] {
    let padded = Array("<" + word + ">")
    var result = ["w:" + word]
    for length in 3...5 where padded.count >= length {
      for start in 0...(padded.count - length) { result.append("c:" + String(padded[start..<start + length])) }
    }
    return result
  }

  @Test("Character n-grams are each word's padded runs of 3 to 5 characters")
  func characterNGrams() {
    let utterance = Utterance("Caff\u{E8} moka x")
    var distinct: [String] = []
    for feature in utterance.words.flatMap(Self.runs(of:)) where !distinct.contains(feature) { distinct.append(feature) }
    #expect(NGramFeatures(wordPairs: false).features(of: utterance) == distinct)
    #expect(distinct.contains("c:<x>") && distinct.contains("c:<moka") && distinct.count > 20)
  }
}
