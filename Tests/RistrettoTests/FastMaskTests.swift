import Foundation
import RistrettoTesting
import Testing

@testable import Ristretto

/// The fast mask path (token classes, next-byte filtering, in-place steps) against the plain
/// trie walk, over states met while reading sampled values of many schemas.
@Suite("Fast token masks")
struct FastMaskTests {
  static let schemas: [(String, GenerationSchema)] =
    GuidancePropertyTests.schemas + [
      ("any", GenerationSchema(root: .array(.any, maximumCount: 3))),
      (
        "patterns",
        GenerationSchema(
          root: .object(
            name: "P",
            properties: [
              .init(name: "code", node: .string(pattern: "[A-Z]{3}-[0-9]{4}")),
              .init(name: "free", node: .string(pattern: ".*")),
              .init(name: "csv", node: .string(pattern: "[^,]+(,[^,]+)*")),
              .init(name: "digits", node: .string(pattern: #"\d+"#)),
            ]))
      ),
      (
        "tool call",
        GenerationSchema(
          root: .anyOf([
            .object(
              name: "A",
              properties: [
                .init(name: "tool", node: .stringEnum(["search"])),
                .init(name: "arguments", node: .object(name: "S", properties: [.init(name: "query", node: .string())])),
              ]),
            .object(
              name: "B",
              properties: [
                .init(name: "tool", node: .stringEnum(["searchNearby"])),
                .init(
                  name: "arguments",
                  node: .object(
                    name: "N",
                    properties: [
                      .init(name: "radius", node: .number(minimum: 0.5, maximum: 20)),
                      .init(name: "open", node: .boolean, isOptional: true),
                    ])),
              ]),
          ]))
      ),
      (
        "recursive",
        GenerationSchema(
          root: .reference("Node"),
          definitions: [
            .init(
              name: "Node",
              node: .object(
                name: "Node",
                properties: [
                  .init(name: "label", node: .stringEnum(["a", "ab", "abc"])),
                  .init(name: "children", node: .array(.reference("Node"), maximumCount: 2), isOptional: true),
                ]))
          ])
      ),
      ("strings", GenerationSchema(root: .array(.string(), minimumCount: 1, maximumCount: 5))),
    ]

  /// States met while reading `count` sampled values of `schema` byte by byte, every `stride`th.
  static func states(_ schema: GenerationSchema, count: Int, stride: Int, seed: UInt64) throws -> [GuidanceState] {
    let grammar = try GuidanceGrammar(schema: schema)
    let sampler = try SchemaSampler(schema: schema)
    var random = SeededGenerator(seed: seed)
    var states: [GuidanceState] = []
    for _ in 0..<count {
      var state = grammar.initialState
      let offset = Int.random(in: 0..<stride, using: &random)
      for (position, byte) in sampler.sample(using: &random).jsonString.utf8.enumerated() {
        if position % stride == offset { states.append(state) }
        guard let next = state.advanced(by: byte) else { break }
        state = next
      }
      states.append(state)
    }
    return states
  }

  /// The tokens two masks disagree on, with their bytes and the state, for a failure message.
  static func difference(_ fast: TokenMask, _ reference: TokenMask, _ state: GuidanceState, _ tokens: [[UInt8]]) -> String {
    let extra = Set(fast.allowedTokens).subtracting(reference.allowedTokens).sorted().prefix(5)
    let missing = Set(reference.allowedTokens).subtracting(fast.allowedTokens).sorted().prefix(5)
    return "extra \(extra.map { tokens[$0] }), missing \(missing.map { tokens[$0] }) at \(state.threads)"
  }

  @Test(arguments: 0..<schemas.count)
  func fastMaskEqualsReferenceWalkOnSmolLM2(_ index: Int) throws {
    let (name, schema) = Self.schemas[index]
    let masks = TokenMaskComputer(trie: TokenTrie(tokens: SmolLM2.tokenizer.vocabularyBytes))
    for state in try Self.states(schema, count: 4, stride: 9, seed: UInt64(index) + 1) {
      let fast = masks.computeMask(for: state)
      let reference = masks.referenceMask(for: state)
      #expect(Bool(fast == reference), "\(name): \(Self.difference(fast, reference, state, SmolLM2.tokenizer.vocabularyBytes))")
    }
  }

  /// A vocabulary of every one- to three-byte string over bytes that matter to JSON (quotes,
  /// backslashes, escapes, digits, structure, control and UTF-8 bytes), so every class of token
  /// meets every kind of state.
  static let adversarialTokens: [[UInt8]] = {
    let alphabet = Array(#""\,:{}[]-.0159aAnu/t"#.utf8) + [0x0A, 0xC3, 0xA9, 0xE2, 0x98, 0x95, 0x80, 0xFF, 0x20]
    var tokens: [[UInt8]] = [[]]
    for a in alphabet {
      tokens.append([a])
      for b in alphabet {
        tokens.append([a, b])
        for c in alphabet where (Int(a) + Int(b) * 3 + Int(c) * 7) % 3 == 0 { tokens.append([a, b, c]) }
      }
    }
    return tokens
  }()

  @Test(arguments: 0..<schemas.count)
  func fastMaskEqualsReferenceWalkOnAdversarialVocabulary(_ index: Int) throws {
    let (name, schema) = Self.schemas[index]
    let masks = TokenMaskComputer(trie: TokenTrie(tokens: Self.adversarialTokens))
    for state in try Self.states(schema, count: 12, stride: 2, seed: UInt64(index) + 100) {
      let fast = masks.computeMask(for: state)
      let reference = masks.referenceMask(for: state)
      #expect(Bool(fast == reference), "\(name): \(Self.difference(fast, reference, state, Self.adversarialTokens))")
    }
  }

  @Test(arguments: 0..<schemas.count)
  func tokensOfSampledValuesAreInTheirMasks(_ index: Int) throws {
    let (name, schema) = Self.schemas[index]
    let tokenizer = SmolLM2.tokenizer
    let grammar = try GuidanceGrammar(schema: schema)
    let masks = TokenMaskComputer(trie: TokenTrie(tokens: tokenizer.vocabularyBytes))
    let sampler = try SchemaSampler(schema: schema)
    var random = SeededGenerator(seed: UInt64(index) + 7)
    var refused = 0
    for _ in 0..<10 {
      var state = grammar.initialState
      let text = sampler.sample(using: &random).jsonString
      let tokens = tokenizer.encode(text, parseSpecial: false)
      // Rare characters can come back from the tokenizer without some of their bytes.
      guard tokens.flatMap(tokenizer.bytes(of:)) == Array(text.utf8) else { continue }
      for token in tokens {
        if !masks.mask(for: state).contains(token) { refused += 1 }
        guard let next = state.advanced(by: tokenizer.bytes(of: token)) else { break }
        state = next
      }
    }
    #expect(refused == 0, "\(name)")
  }

  @Test func trieHoldsEveryTokenOnceAtTheEndOfItsBytes() {
    let tokens = Self.adversarialTokens + [[0x61, 0x62, 0x63, 0x64], [0x61], [0x61, 0x62, 0x63, 0x64]]
    let trie = TokenTrie(tokens: tokens).tables
    var seen = [Int](repeating: 0, count: tokens.count)
    for (id, bytes) in tokens.enumerated() where !bytes.isEmpty {
      var node = 0
      for byte in bytes {
        guard let child = trie.children(of: node).first(where: { trie.nodes[$0].byte == byte }) else {
          Issue.record("token \(id) has no path")
          return
        }
        node = child
      }
      #expect(trie.tokenIDs[trie.tokens(of: node)].contains(Int32(id)))
      #expect(trie.child(of: 0, byte: bytes[0]) == trie.children(of: 0).first { trie.nodes[$0].byte == bytes[0] })
    }
    for id in trie.tokenIDs { seen[Int(id)] += 1 }
    #expect(seen[0] == 0, "the empty token is left out")
    #expect(seen.dropFirst().allSatisfy { $0 == 1 })
    for node in 0..<trie.nodeCount {
      let bytes = trie.children(of: node).map { trie.nodes[$0].byte }
      #expect(bytes.count == Int(trie.nodes[node].childCount))
      #expect(zip(bytes, bytes.dropFirst()).allSatisfy { $0 < $1 }, "children sorted by byte")
      for byte in [UInt8(0), 0x22, 0x61, 0xC3, 0xFF] {
        #expect(trie.child(of: node, byte: byte) == trie.children(of: node).first { trie.nodes[$0].byte == byte })
      }
    }
  }

  @Test func summariesDescribeTheirSubtrees() {
    let tokens = Self.adversarialTokens + ["café au lait", "naïve", "日本語", "\u{1F600}!"].map { Array($0.utf8) }
    let trie = TokenTrie(tokens: tokens).tables
    var checked = 0
    func visit(_ node: Int, depth: Int) {
      if node > 0, trie.nodes[node].summary >= 0 {
        let summary = trie.summaries[Int(trie.nodes[node].summary)]
        let remainders = trie.tokensBelow(node).map { tokens[Int(trie.tokenIDs[$0])][(depth - 1)...] }
        var ascii = Set<UInt8>()
        for remainder in remainders { ascii.formUnion(remainder.filter { $0 < 0x80 }) }
        let low = ascii.filter { $0 < 64 }.reduce(UInt64(0)) { $0 | 1 << UInt64($1) }
        let high = ascii.filter { $0 >= 64 }.reduce(UInt64(0)) { $0 | 1 << UInt64($1 - 64) }
        #expect(summary.low == low && summary.high == high)
        #expect(summary.nonASCII == remainders.contains { $0.contains { $0 >= 0x80 } })
        #expect(summary.wholeCharacters == remainders.allSatisfy { String(validating: Array($0), as: UTF8.self) != nil })
        #expect(Int(summary.maxBytes) == remainders.map(\.count).max())
        checked += 1
      }
      for child in trie.children(of: node) { visit(child, depth: depth + 1) }
    }
    visit(0, depth: 0)
    #expect(checked > 20)
  }

  @Test func patternRunsAreTheCharactersThatKeepAStringAlive() throws {
    func loop(_ pattern: String, after prefix: String = "") throws -> CharacterRun {
      let automaton = try StringPattern(pattern).automaton
      var state = ByteDFA.start
      for byte in prefix.utf8 { state = automaton.step(state, byte) }
      return automaton.runs[Int(state)]
    }
    func holds(_ run: CharacterRun, _ byte: Character) -> Bool { run.contains(byte.asciiValue!) }
    let any = try loop(".*")
    #expect(any.multibyte && holds(any, "a") && holds(any, ",") && !holds(any, "\""))
    let noComma = try loop("[^,]+", after: "x")
    #expect(noComma.multibyte && holds(noComma, "a") && !holds(noComma, ","))
    #expect(any.length == CharacterRun.unbounded && noComma.length == CharacterRun.unbounded)
    let letters = try loop("[a-z]+", after: "q")
    #expect(!letters.multibyte && holds(letters, "z") && !holds(letters, "A"))
    // Bounded repetitions: runs as long as the repetitions left.
    let two = try loop("[a-z]{2}")
    #expect(two.length == 2 && holds(two, "a") && !holds(two, "0"))
    let upTo80 = try loop(".{0,80}", after: "abc")
    #expect(upTo80.length == 77 && upTo80.multibyte && holds(upTo80, ","))
    let afterCa = try loop("caf.*", after: "ca")
    #expect(afterCa.length == CharacterRun.unbounded && holds(afterCa, "f") && !holds(afterCa, "e"), "f, then anything")
    #expect(try loop("ab", after: "ab").isEmpty)
  }

  @Test(arguments: [
    ".*", "[^,]+(,[^,]+)*", ".{0,12}", "(a|b)*abb(a|b){0,3}", "[A-Z]{2}-\\d{3}(x|yz)?", "café.+", "(ab|a)(bc|c)*",
  ])
  func minimizedAutomatonAcceptsWhatTheNFADoes(_ pattern: String) throws {
    var parser = PatternParser(Array(pattern.unicodeScalars))
    var builder = NFABuilder()
    let nfa = try builder.build(try parser.parse())
    let dfa = try ByteDFA(nfa)
    var random = SeededGenerator(seed: 3)
    let alphabet = Array("abcxyz,AB-019é☕ ".utf8) + [0xC3, 0x80]
    for _ in 0..<400 {
      let bytes = (0..<Int.random(in: 0...14, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
      var set: [Int32]? = nfa.start
      var state = ByteDFA.start
      for byte in bytes {
        set = set.flatMap { nfa.step($0, byte) }
        if state >= 0 { state = dfa.step(state, byte) }
        #expect((set != nil) == (state >= 0), "\(pattern): \(bytes)")
      }
      #expect((set.map(nfa.accepts) ?? false) == (state >= 0 && dfa.accepts(state)), "\(pattern): \(bytes)")
    }
  }
}
