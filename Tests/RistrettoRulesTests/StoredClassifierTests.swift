import Foundation
import Ristretto
import Testing

@testable import RistrettoRules

/// A classifier trained once and read back from the derived-data cache answers exactly as one
/// trained afresh; a damaged or foreign file is trained again, never trusted.
@Suite("Linear classifier: stored weights")
struct StoredClassifierTests {
  static let examples: [LinearClassifier.Example] = [
    .init("where can I buy beans", label: "shopping"), .init("a shop that sells gaskets", label: "shopping"),
    .init("how much is left in my bag", label: "cupboard"), .init("is my kochere still fresh", label: "cupboard"),
    .init("why does my pot sputter", label: "general"), .init("what grind for a 3-cup pot", label: "general"),
  ]
  static let questions = ["where do I buy a grinder", "how much coffee do i have", "it sputters", "cosa compro"]

  private func temporaryCache() -> DerivedDataCache {
    DerivedDataCache(directory: FileManager.default.temporaryDirectory.appendingPathComponent("ristretto-\(UUID().uuidString)"))
  }

  private func answers(_ classifier: LinearClassifier) -> [[String: Double]] {
    Self.questions.map { classifier.probabilities(of: Utterance($0)) }
  }

  @Test func aStoredClassifierAnswersExactlyAsAFreshOne() throws {
    let cache = temporaryCache()
    let fresh = LinearClassifier(examples: Self.examples, features: NGramFeatures())
    let first = LinearClassifier.cached(
      examples: Self.examples, features: NGramFeatures(), featuresFingerprint: "t", cache: cache)
    let files = try FileManager.default.contentsOfDirectory(atPath: try #require(cache.directory).path)
    #expect(files.count == 1)
    let second = LinearClassifier.cached(
      examples: Self.examples, features: NGramFeatures(), featuresFingerprint: "t", cache: cache)
    #expect(answers(first) == answers(fresh))
    #expect(answers(second) == answers(fresh))
    #expect(second.labels == fresh.labels)
  }

  @Test func examplesFromASourceAreReadOnlyWhenTraining() throws {
    let cache = temporaryCache()
    let source = Data("the examples' file".utf8)
    var parses = 0
    func cached(_ bytes: Data) -> LinearClassifier {
      LinearClassifier.cached(
        source: bytes,
        examples: {
          parses += 1
          return Self.examples
        }, features: NGramFeatures(),
        featuresFingerprint: "t", cache: cache)
    }
    let first = cached(source)
    let second = cached(source)
    #expect(parses == 1)
    #expect(answers(second) == answers(first))
    #expect(answers(first) == answers(LinearClassifier(examples: Self.examples, features: NGramFeatures())))
    _ = cached(source + Data("!".utf8))
    #expect(parses == 2)
  }

  @Test func otherExamplesOrFeaturesAreStoredApart() throws {
    let cache = temporaryCache()
    _ = LinearClassifier.cached(examples: Self.examples, features: NGramFeatures(), featuresFingerprint: "t", cache: cache)
    _ = LinearClassifier.cached(
      examples: Array(Self.examples.dropLast()), features: NGramFeatures(), featuresFingerprint: "t", cache: cache)
    _ = LinearClassifier.cached(examples: Self.examples, features: NGramFeatures(), featuresFingerprint: "u", cache: cache)
    let files = try FileManager.default.contentsOfDirectory(atPath: try #require(cache.directory).path)
    #expect(files.count == 3)
  }

  @Test(arguments: [0, 1, 7, 100, -1])
  func aDamagedFileIsTrainedAgain(_ cut: Int) throws {
    let cache = temporaryCache()
    let fresh = LinearClassifier.cached(
      examples: Self.examples, features: NGramFeatures(), featuresFingerprint: "t", cache: cache)
    let directory = try #require(cache.directory)
    let file = directory.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: directory.path)[0])
    var bytes = try Data(contentsOf: file)
    if cut >= 0 { bytes = bytes.prefix(cut) } else { bytes[bytes.count / 2] ^= 0xff; bytes.append(1) }
    try bytes.write(to: file)
    #expect(LinearClassifier(stored: bytes, features: NGramFeatures(), minimumProbability: 0.5, unsureAnswer: "unsure") == nil)
    let again = LinearClassifier.cached(
      examples: Self.examples, features: NGramFeatures(), featuresFingerprint: "t", cache: cache)
    #expect(answers(again) == answers(fresh))
  }
}
