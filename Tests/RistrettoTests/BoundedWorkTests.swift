import Foundation
import Ristretto
import Testing

/// Work that grows with the input grows linearly (or n log n), and work that could explode with
/// a hostile schema is bounded. The time limits are generous on purpose (a quadratic or
/// exponential cost misses them by hours, not by a factor of two), so they hold in debug builds
/// and under the sanitizers.
@Suite("Bounded work")
struct BoundedWorkTests {
  static func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Byte-level BPE merges within a word; a word of 100,000 letters used to take a scan of every
  /// pair per merge (10^10 steps).
  @Test func aHundredThousandLetterWordTokenizesInLinearTime() {
    let word = String(repeating: "a", count: 100_000)
    var count = 0
    let elapsed = Self.seconds { count = SmolLM2.tokenizer.count(word) }
    #expect(count > 0 && count < 100_000)
    #expect(elapsed < 20, "\(elapsed) s")
    #expect(SmolLM2.tokenizer.decode(SmolLM2.tokenizer.encode(word)) == word)
  }

  @Test func theLengthBoundNeverExceedsTheCount() {
    for text in ["", "a", "Why is my moka pot sputtering?", String(repeating: " ", count: 500), "日本語のテキスト☕️"] {
      #expect(SmolLM2.tokenizer.minimumTokenCount(text) <= SmolLM2.tokenizer.count(text))
      #expect(Gemma3.tokenizer.minimumTokenCount(text) <= Gemma3.tokenizer.count(text))
    }
    #expect(SmolLM2.tokenizer.maximumTokenBytes == 81)
  }

  /// Two alternatives that read alike at every level double the automaton's readings per byte;
  /// the readings kept are bounded, and the state still accepts what the schema allows.
  @Test func ambiguousAlternativesKeepTheAutomatonBounded() throws {
    let schema = GenerationSchema(
      root: .reference("A"),
      definitions: [.init(name: "A", node: .anyOf([.array(.reference("A")), .array(.reference("A"), maximumCount: 9)]))])
    let grammar = try GuidanceGrammar(schema: schema)
    let depth = 40
    var state: GuidanceState?
    let elapsed = Self.seconds {
      state = grammar.initialState.advanced(by: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }
    #expect(state?.isComplete == true)
    #expect(elapsed < 20, "\(elapsed) s")
  }

  @Test func ambiguousAlternativesKeepTheValidatorBounded() throws {
    let schema = GenerationSchema(
      root: .reference("A"),
      definitions: [
        .init(name: "A", node: .anyOf([.array(.reference("A")), .array(.reference("A"), maximumCount: 9), .integer()]))
      ])
    var content = GeneratedContent(kind: .string("not an integer"))
    for _ in 0..<40 { content = GeneratedContent(kind: .array([content])) }
    var failure: SchemaViolation?
    let elapsed = Self.seconds {
      do throws(SchemaViolation) { try validate(content, against: schema) } catch { failure = error }
    }
    #expect(failure != nil)
    #expect(elapsed < 20, "\(elapsed) s")
  }
}
