import Foundation
import RistrettoTesting
import Testing

@testable import Ristretto

/// Masks inside pattern strings: exact runs, the plain tokens they select, and the masks built
/// from them against the plain trie walk.
@Suite("Pattern masks")
struct PatternMaskTests {
  static func state(_ automaton: ByteDFA, after prefix: String) -> Int32 {
    prefix.utf8.reduce(ByteDFA.start) { $0 < 0 ? -1 : automaton.step($0, $1) }
  }

  @Test func exactRunsAreStatesWhoseRunIsAllTheyAccept() throws {
    func exact(_ pattern: String, after prefix: String = "") throws -> Bool {
      let automaton = try StringPattern(pattern).automaton
      return automaton.exactRuns[Int(Self.state(automaton, after: prefix))]
    }
    #expect(try exact(".*"))
    #expect(try exact("[^,]+") && exact("[^,]+", after: "x"))
    #expect(try exact(".{0,80}") && exact(".{0,80}", after: "abc"))
    #expect(try exact("[a-z ]{1,80}") && exact("[a-z ]{1,80}", after: String(repeating: "a", count: 80)))
    // A character outside the run keeps the state alive further on.
    #expect(try !exact("[a-z]+@[a-z]+"))
    #expect(try !exact("[A-Z]{3}-[0-9]{4}") && exact("[A-Z]{3}-[0-9]{4}", after: "ABC-"))
    #expect(try !exact("(ab)*"))
    // Past 254 characters a bounded run reads as one without end: such states walk the trie.
    #expect(try !exact("[a-z]{0,256}") && exact("[a-z]{0,256}", after: String(repeating: "a", count: 10)))
    #expect(try !exact("a[b-z]*"))
    // Some multi-byte characters keep the loop alive and others end it: the plain walk decides.
    #expect(try !exact("(a|é)*"))
  }

  /// Every string of whole characters from an exact state: alive exactly when it is a run.
  @Test(arguments: [".*", "[^,]+", ".{0,5}", "[a-z ]{1,6}", "x{2,4}", "(a|b)*", "-?[0-9]{1,3}", "[^a-c]{0,3}"])
  func exactStatesAcceptTheirRunsAndNothingElse(_ pattern: String) throws {
    let automaton = try StringPattern(pattern).automaton
    let characters = ["a", "b", "x", "z", "A", "Q", "0", "7", "-", ",", " ", "é", "☕"]
    var random = SeededGenerator(seed: 11)
    var checked = 0
    for _ in 0..<300 {
      let prefix = (0..<Int.random(in: 0...4, using: &random)).map { _ in characters.randomElement(using: &random)! }
      let start = Self.state(automaton, after: prefix.joined())
      guard start >= 0, automaton.exactRuns[Int(start)] else { continue }
      let run = automaton.runs[Int(start)]
      let text = (0..<Int.random(in: 0...7, using: &random)).map { _ in characters.randomElement(using: &random)! }
      let alive = text.joined().utf8.reduce(start) { $0 < 0 ? -1 : automaton.step($0, $1) } >= 0
      let isRun =
        text.allSatisfy { $0.utf8.count > 1 ? run.multibyte : run.contains($0.utf8.first!) }
        && (run.length == CharacterRun.unbounded || text.count <= Int(run.length))
      #expect(alive == isRun, "\(pattern) after \(prefix.joined()): \(text.joined())")
      checked += 1
    }
    #expect(checked > 10)
  }

  @Test func plainTokensAreWholeCharactersAJSONStringHoldsAsTheyAre() {
    #expect(PlainTokens.characters(Array("café".utf8)) == 4)
    #expect(PlainTokens.characters(Array("a b,".utf8)) == 4)
    #expect(PlainTokens.characters(Array("a\"".utf8)) == nil)
    #expect(PlainTokens.characters(Array("a\\n".utf8)) == nil)
    #expect(PlainTokens.characters(Array("a\n".utf8)) == nil)
    #expect(PlainTokens.characters([0xC3]) == nil)
    #expect(PlainTokens.characters([0xA9, 0x61]) == nil)
  }

  /// A vocabulary with tokens far longer than ``PlainTokens/longerLimit``, so bounded runs meet
  /// both the length masks and the list of long tokens.
  static let longTokens: [[UInt8]] = {
    var tokens = FastMaskTests.adversarialTokens
    for length in 1...40 {
      for unit in ["a", "é", "ab", " x", "a,", "Z"] {
        tokens.append(Array(String(repeating: unit, count: length).utf8))
      }
      tokens.append(Array((String(repeating: "a", count: length) + "\"}").utf8))
    }
    return tokens
  }()

  static let schemas = [
    ".*", "[^,]+", ".{0,18}", "a{0,20}", "[a-z ]{1,30}", "[a-z]{3,30}", "(a|é)*", "[a-z]+@[a-z]+", "[A-Z]{3}-[0-9]{4}",
  ].map { pattern in
    GenerationSchema(
      root: .object(
        name: "P",
        properties: [
          .init(name: "text", node: .string(pattern: pattern)), .init(name: "n", node: .integer(minimum: 0, maximum: 9)),
        ]))
  }

  @Test(arguments: 0..<schemas.count)
  func patternMasksEqualTheReferenceWalk(_ index: Int) throws {
    let masks = TokenMaskComputer(trie: TokenTrie(tokens: Self.longTokens))
    var checked = 0
    for state in try FastMaskTests.states(Self.schemas[index], count: 10, stride: 2, seed: UInt64(index) + 40) {
      let fast = masks.computeMask(for: state)
      let reference = masks.referenceMask(for: state)
      #expect(Bool(fast == reference), "\(FastMaskTests.difference(fast, reference, state, Self.longTokens))")
      checked += 1
    }
    #expect(checked > 10)
  }

  @Test(arguments: [".*", "[^,]+", ".{0,80}", "[a-z ]{1,80}"])
  func permissivePatternMasksEqualTheReferenceWalkOnSmolLM2(_ pattern: String) throws {
    let masks = TokenMaskComputer(trie: TokenTrie(tokens: SmolLM2.tokenizer.vocabularyBytes))
    let schema = GenerationSchema(
      root: .object(name: "Text", properties: [.init(name: "text", node: .string(pattern: pattern))]))
    for state in try FastMaskTests.states(schema, count: 3, stride: 7, seed: 5) {
      let fast = masks.computeMask(for: state)
      let reference = masks.referenceMask(for: state)
      #expect(Bool(fast == reference), "\(FastMaskTests.difference(fast, reference, state, SmolLM2.tokenizer.vocabularyBytes))")
    }
  }

  /// One mask kept through a walk of many states (free strings, patterns, structure), starting from
  /// a mask of another width, holds at each step what a fresh computation gives.
  @Test func masksComputedIntoOneKeptMaskEqualFreshOnes() throws {
    let masks = TokenMaskComputer(trie: TokenTrie(tokens: Self.longTokens))
    var kept = TokenMask(count: 3)
    var checked = 0
    for schema in Self.schemas + FastMaskTests.schemas.map(\.1) {
      for state in try FastMaskTests.states(schema, count: 2, stride: 3, seed: 77) {
        masks.computeMask(for: state, into: &kept)
        #expect(kept == masks.computeMask(for: state))
        checked += 1
      }
    }
    #expect(checked > 100)
  }

  @Test func aLongRunAllowsLongTokensAndABoundedOneTrimsThem() throws {
    let tokens = Self.longTokens
    let trie = TokenTrie(tokens: tokens)
    let id = { (text: String) in tokens.firstIndex(of: Array(text.utf8))! }
    var unbounded = CharacterRun(multibyte: true)
    for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { unbounded.insert(byte) }
    var bounded = unbounded
    bounded.length = 20
    let all = trie.plain.tokens(of: unbounded)
    let trimmed = trie.plain.tokens(of: bounded)
    let twenty = String(repeating: "a", count: 20)
    let long = String(repeating: "é", count: 30)
    #expect(all.contains(id(twenty + "a")) && all.contains(id(long)) && !all.contains(id("A")))
    #expect(trimmed.contains(id(twenty)) && !trimmed.contains(id(twenty + "a")) && !trimmed.contains(id(long)))
    bounded.length = 3
    let short = trie.plain.tokens(of: bounded)
    #expect(short.contains(id("aaa")) && !short.contains(id("aaaa")) && short.contains(id("ééé")))
  }
}
