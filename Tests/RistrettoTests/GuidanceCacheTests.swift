import Foundation
import RistrettoTesting
import Testing

@testable import Ristretto

/// Grammars and masks that live across requests: equal schemas share states and masks, and
/// every cache stays within its bounds.
@Suite("Guidance caches")
struct GuidanceCacheTests {
  static func order(description: String) -> GenerationSchema {
    GenerationSchema(
      root: .object(
        name: "Order",
        description: description,
        properties: [
          .init(name: "drink", description: description, node: .stringEnum(["espresso", "moka", "cortado"])),
          .init(name: "shots", node: .integer(minimum: 1, maximum: 3)),
          .init(name: "note", node: .string(), isOptional: true),
        ]))
  }

  static let trie = TokenTrie(tokens: SmolLM2.tokenizer.vocabularyBytes)

  /// Follows the tokens of `text` from `grammar`'s start, asking `masks` before each.
  static func request(_ text: String, _ grammar: GuidanceGrammar, _ masks: TokenMaskComputer) -> Bool {
    var state = grammar.initialState
    for token in SmolLM2.tokenizer.encode(text, parseSpecial: false) {
      guard masks.mask(for: state).contains(token), let next = state.advanced(by: SmolLM2.tokenizer.bytes(of: token))
      else { return false }
      state = next
    }
    return state.isComplete
  }

  @Test func aRecompiledSchemaComputesNoNewMasks() throws {
    let masks = TokenMaskComputer(trie: Self.trie)
    let text = #"{"drink":"moka","shots":2,"note":"in the blue cup, please"}"#
    #expect(Self.request(text, try GuidanceGrammar(schema: Self.order(description: "first")), masks))
    let computed = masks.computedMaskCount
    #expect(computed > 5)
    // A new compilation of a schema built anew (descriptions differ: only the prompt sees them).
    #expect(Self.request(text, try GuidanceGrammar(schema: Self.order(description: "second")), masks))
    #expect(masks.computedMaskCount == computed)
  }

  @Test func statesOfEqualSchemasAreEqualAndOthersAreNot() throws {
    let first = try GuidanceGrammar(schema: Self.order(description: "a"))
    let second = try GuidanceGrammar(schema: Self.order(description: "b"))
    #expect(first !== second)
    #expect(first.key == second.key)
    let prefix = #"{"drink":"mo"#
    #expect(first.initialState.advanced(by: prefix) == second.initialState.advanced(by: prefix))
    #expect(first.initialState.advanced(by: prefix)?.hashValue == second.initialState.advanced(by: prefix)?.hashValue)
    // Same thread layout, different bounds: different keys, different states.
    let small = try GuidanceGrammar(schema: GenerationSchema(root: .integer(minimum: 1, maximum: 5)))
    let large = try GuidanceGrammar(schema: GenerationSchema(root: .integer(minimum: 1, maximum: 6)))
    #expect(small.key != large.key)
    #expect(small.initialState != large.initialState)
    let optional = GenerationSchema(root: .object(name: "O", properties: [.init(name: "x", node: .null, isOptional: true)]))
    let required = GenerationSchema(root: .object(name: "O", properties: [.init(name: "x", node: .null)]))
    #expect(GuidanceGrammar.Key(schema: optional) != GuidanceGrammar.Key(schema: required))
  }

  @Test func theGrammarCacheCompilesEachSchemaOnce() throws {
    let cache = GuidanceGrammarCache()
    let first = try cache.grammar(for: Self.order(description: "a"))
    let again = try cache.grammar(for: Self.order(description: "b"))
    #expect(first === again)
    #expect(cache.compiledCount == 1)
    _ = try cache.grammar(for: GenerationSchema(root: .boolean))
    #expect(cache.compiledCount == 2)
    #expect(cache.count == 2)
    #expect(throws: SchemaError.self) { try cache.grammar(for: GenerationSchema(root: .integer(minimum: 3, maximum: 1))) }
    #expect(
      try GuidanceGrammar.cached(schema: Self.order(description: "c"))
        === GuidanceGrammar.cached(schema: Self.order(description: "d")))
  }

  @Test func maskCacheStaysWithinItsBounds() throws {
    let grammar = try GuidanceGrammar(schema: GenerationSchema(root: .array(.integer(), maximumCount: 40)))
    var states: [GuidanceState] = []
    var state = grammar.initialState
    for byte in Array("[1,22,333,4444,55555,666666,7777777,88888888,999999999,1,2,3,4,5,6,7,8,9,10,11,12]".utf8) {
      states.append(state)
      state = state.advanced(by: byte)!
    }
    let byEntries = TokenMaskComputer(trie: Self.trie, cacheLimit: 8)
    let maskBytes = TokenMask(count: Self.trie.vocabularySize).byteCount
    let byBytes = TokenMaskComputer(trie: Self.trie, cacheByteLimit: 5 * maskBytes)
    for state in states {
      _ = byEntries.mask(for: state)
      _ = byBytes.mask(for: state)
      #expect(byEntries.cachedMaskCount <= 8)
      #expect(byBytes.cacheByteCount <= 5 * maskBytes)
    }
    #expect(byEntries.cachedMaskCount >= 4)
    #expect(byBytes.cachedMaskCount >= 2)
    // The most recent masks are the ones kept.
    let computed = byEntries.computedMaskCount
    _ = byEntries.mask(for: states[states.count - 1])
    #expect(byEntries.computedMaskCount == computed)
  }

  @Test func grammarCacheStaysWithinItsBounds() throws {
    let byEntries = GuidanceGrammarCache(entryLimit: 4)
    let byBytes = GuidanceGrammarCache(byteLimit: 4096)
    for maximum in 1...20 {
      let schema = GenerationSchema(root: .array(.integer(maximum: maximum), maximumCount: maximum))
      _ = try byEntries.grammar(for: schema)
      _ = try byBytes.grammar(for: schema)
      #expect(byEntries.count <= 4)
      #expect(byBytes.byteCount <= 4096)
    }
    #expect(byEntries.compiledCount == 20)
  }

  @Test func boundedCacheKeepsWhatWasUsedRecently() {
    var cache = BoundedCache<Int, String>(entryLimit: 4, byteLimit: 1000)
    for key in 0..<3 { cache.insert("\(key)", bytes: 10, for: key) }
    #expect(cache.value(for: 0) == "0")
    for key in 3..<6 { cache.insert("\(key)", bytes: 10, for: key) }
    #expect(cache.count <= 4)
    #expect(cache.value(for: 5) == "5")
    #expect(cache.value(for: 1) == nil)
    cache.insert("big", bytes: 600, for: 9)
    #expect(cache.value(for: 9) == nil, "a value over half the byte budget is not kept")
  }
}
