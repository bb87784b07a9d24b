import Foundation
import MokaPot
import Ristretto
import RistrettoTesting

/// Per-token mask time: real token sequences (random valid instances, tokenized by SmolLM2's
/// tokenizer) are walked through the automaton, timing the mask computed before each token.
enum GuidanceBench {
  static func schemas(_ assistant: MokaAssistant) -> [(String, GenerationSchema)] {
    let nested = GenerationSchema(
      root: .object(
        name: "Order",
        properties: [
          .init(
            name: "customer",
            node: .object(
              name: "Customer",
              properties: [
                .init(name: "name", node: .string()), .init(name: "age", node: .integer(minimum: 18, maximum: 120)),
              ])),
          .init(
            name: "items",
            node: .array(
              .object(
                name: "Item",
                properties: [
                  .init(name: "sku", node: .string(pattern: "[A-Z]{3}-[0-9]{4}")),
                  .init(name: "size", node: .stringEnum(["1", "2", "3", "6", "9", "12"])),
                  .init(name: "grams", node: .integer(minimum: -10, maximum: 250)),
                ]), minimumCount: 1, maximumCount: 4)),
          .init(name: "note", node: .string(), isOptional: true),
          .init(name: "rating", node: .number(minimum: 0, maximum: 5)),
        ]))
    var suite: [(String, GenerationSchema)] = [("nested order", nested)]
    for tool in assistant.toolbox { suite.append(("\(tool.name) arguments", tool.parameters)) }
    suite.append(
      ("free text", GenerationSchema(root: .object(name: "Reply", properties: [.init(name: "text", node: .string())]))))
    suite.append(("enum", Router<MokaSpecialty>.schema))
    return suite
  }

  static func run(_ options: BenchOptions) throws {
    let assistant = MokaAssistant(data: try MokaData.load())
    let tokenizer = try MokaAssistant.smolLM2Tokenizer()
    let buildStart = ContinuousClock.now
    let trie = TokenTrie(tokens: tokenizer.vocabularyBytes)
    let trieTime = ContinuousClock.now - buildStart
    let masks = TokenMaskComputer(trie: trie, cacheLimit: 1 << 16)
    var random = SeededGenerator(seed: 42)
    let instances = options.quick ? 5 : 40
    var all: [Double] = []
    var rows: [(String, Percentiles, Int)] = []
    var violations = 0
    for (name, schema) in schemas(assistant) {
      let grammar = try GuidanceGrammar(schema: schema)
      let sampler = try SchemaSampler(schema: schema)
      var times: [Double] = []
      for _ in 0..<instances {
        let text = sampler.sample(using: &random).jsonString
        var state = grammar.initialState
        for token in tokenizer.encode(text, parseSpecial: false) {
          var mask = TokenMask(count: 0)
          times.append(micros { mask = masks.mask(for: state) })
          if !mask.contains(token) { violations += 1 }
          guard let next = state.advanced(by: tokenizer.bytes(of: token)) else { break }
          state = next
        }
      }
      all += times
      rows.append((name, Percentiles(times), times.count))
    }
    let total = Percentiles(all)
    print("guidance: vocabulary \(trie.vocabularySize) tokens, trie \(trie.nodeCount) nodes built in \(trieTime)")
    print("schema".padding(toLength: 26, withPad: " ", startingAt: 0) + "   masks    p50 µs    p99 µs    max µs")
    for (name, stats, count) in rows + [("ALL", total, all.count)] {
      print(
        name.padding(toLength: 26, withPad: " ", startingAt: 0)
          + String(format: "%8d %9.1f %9.1f %9.1f", count, stats.p50, stats.p99, stats.max))
    }
    print("cached masks: \(masks.cachedMaskCount); tokens refused by their own mask: \(violations)")
    try writeJSON(
      [
        "suite": "guidance", "vocabSize": trie.vocabularySize, "masks": all.count,
        "maskMicros": ["p50": total.p50, "p99": total.p99, "max": total.max, "mean": total.mean],
        "violations": violations,
      ], to: options.jsonPath)
  }
}
