import Foundation
import MokaPot
import Ristretto
import RistrettoTesting

/// Per-token mask time: real token sequences (random valid instances of a schema suite,
/// tokenized by each vocabulary) are walked through the automaton, timing the mask asked for
/// before each token, cold and warm.
///
/// Cold is the first use of a freshly compiled grammar on a fresh ``TokenMaskComputer``:
/// every mask is computed (``TokenMaskComputer/computeMask(for:into:)``, into one mask kept
/// for the run, as a decoding loop keeps one), nothing is cached. Warm is
/// the path a long-lived model takes: grammars from a ``GuidanceGrammarCache`` and masks from
/// the computer's cache, after one pass over the same sequences.
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
      ("tool call (any tool)", toolCallSchema(assistant.toolbox.map(\.parameters), names: assistant.toolbox.map(\.name))))
    suite.append(
      ("free text", GenerationSchema(root: .object(name: "Reply", properties: [.init(name: "text", node: .string())]))))
    suite.append(("any JSON", GenerationSchema(root: .array(.any, maximumCount: 4))))
    suite.append(("enum", Router<MokaSpecialty>.schema))
    return suite + hardSchemas
  }

  /// Shapes that are slow for mask engines: permissive patterns (most of the vocabulary allowed
  /// at every step), a thousand-value enum, deep nesting and a long array.
  static var hardSchemas: [(String, GenerationSchema)] {
    func object(_ name: String, _ property: String, _ node: GenerationSchema.Node) -> GenerationSchema.Node {
      .object(name: name, properties: [.init(name: property, node: node)])
    }
    let patterns = [
      ("pattern .*", ".*"), ("pattern [^,]+", "[^,]+"), ("pattern .{0,80}", ".{0,80}"),
      ("pattern [a-z ]{1,80}", "[a-z ]{1,80}"),
    ]
    var suite = patterns.map { name, pattern in
      (name, GenerationSchema(root: object("Text", "text", .string(pattern: pattern))))
    }
    let values = (0..<1000).map { "value-\($0)" }
    suite.append(("enum of 1,000", GenerationSchema(root: object("Pick", "pick", .stringEnum(values)))))
    var deep = GenerationSchema.Node.integer(minimum: 0, maximum: 9)
    for level in (1...8).reversed() { deep = object("Level\(level)", "l\(level)", deep) }
    suite.append(("8 levels deep", GenerationSchema(root: deep)))
    let long = GenerationSchema.Node.array(.integer(minimum: 0, maximum: 999), minimumCount: 50, maximumCount: 200)
    suite.append(("array of 50-200", GenerationSchema(root: object("Series", "values", long))))
    return suite
  }

  /// `{"tool": name, "arguments": …}` for any of the tools: the llama backend's tool-call shape.
  static func toolCallSchema(_ parameters: [GenerationSchema], names: [String]) -> GenerationSchema {
    var definitions: [GenerationSchema.Definition] = []
    let choices = zip(names, parameters).map { name, schema -> GenerationSchema.Node in
      for definition in schema.definitions where !definitions.contains(where: { $0.name == definition.name }) {
        definitions.append(definition)
      }
      return .object(
        name: "Call",
        properties: [.init(name: "tool", node: .stringEnum([name])), .init(name: "arguments", node: schema.root)])
    }
    return GenerationSchema(root: .anyOf(choices), definitions: definitions)
  }

  /// What one vocabulary measured.
  struct Measurement {
    var name: String
    var vocabularySize: Int
    var trieMillis: Double
    var trieBytes: Int
    var cold: [Double] = []
    var warm: [Double] = []
    var refused = 0
    var rows: [(schema: String, cold: Percentiles, warm: Percentiles, count: Int)] = []
    var cacheEntries = 0
    var cacheBytes = 0
    var cacheByteLimit = 0
    /// llama.cpp's grammar sampler on the same sequences (GGUF vocabularies, `Llama` trait only).
    var llamaCpp: [Double] = []
    var llamaCppSchemas = 0
    var llamaCppRejected: [String] = []
    var llamaCppRefused = 0

    var json: [String: Any] {
      func stats(_ values: [Double]) -> [String: Double] {
        let stats = Percentiles(values)
        return ["p50": stats.p50, "p99": stats.p99, "max": stats.max]
      }
      var json: [String: Any] = [
        "name": name, "vocabSize": vocabularySize, "trieMillis": trieMillis, "trieBytes": trieBytes, "cold": stats(cold),
        "warm": stats(warm), "masks": cold.count, "refused": refused,
        "maskCache": ["entries": cacheEntries, "bytes": cacheBytes, "byteLimit": cacheByteLimit],
      ]
      if llamaCppSchemas > 0 || !llamaCppRejected.isEmpty {
        json["llamaCppGrammar"] = stats(llamaCpp)
        json["llamaCppGrammarDetail"] = [
          "masks": llamaCpp.count, "schemas": llamaCppSchemas, "rejectedSchemas": llamaCppRejected,
          "refusedTokens": llamaCppRefused,
        ]
      }
      return json
    }
  }

  static func run(_ options: BenchOptions) throws {
    let assistant = MokaAssistant(data: MokaData.load())
    let suite = schemas(assistant)
    var random = SeededGenerator(seed: 42)
    let instances = options.quick ? 5 : 40
    var texts: [[String]] = []
    for (_, schema) in suite {
      let sampler = try SchemaSampler(schema: schema)
      texts.append((0..<instances).map { _ in sampler.sample(using: &random).jsonString })
    }
    if options.anchors { return try GuidanceAnchors.run(options, suite: suite, texts: texts) }
    let grammars = GuidanceGrammarCache()
    var results: [Measurement] = []
    for vocabulary in [try GuidanceVocabulary.smolLM2Fixture()] + (try GuidanceVocabulary.models(options)) {
      var result = try measure(vocabulary, suite: suite, texts: texts, grammars: grammars)
      #if Llama
        if let path = vocabulary.path {
          try GuidanceLlamaCpp.measure(
            path, vocabulary: vocabulary, suite: suite, texts: texts, perSchema: options.quick ? 1 : 3, into: &result)
        }
      #endif
      report(result)
      results.append(result)
    }
    print(
      "grammar cache: \(grammars.count) grammars, \(grammars.byteCount / 1024) KB of \(grammars.byteLimit >> 20) MB, "
        + "\(grammars.compiledCount) compiled")
    try writeJSON(
      [
        "suite": "guidance", "vocabularies": results.map(\.json),
        "masks": results.reduce(0) { $0 + $1.cold.count + $1.warm.count }, "refused": results.reduce(0) { $0 + $1.refused },
        "grammarCache": ["entries": grammars.count, "bytes": grammars.byteCount, "byteLimit": grammars.byteLimit],
      ], to: options.jsonPath)
    if let directory = options.svgDirectory { try GuidanceCharts.write(results, to: directory) }
  }

  static func measure(
    _ vocabulary: GuidanceVocabulary, suite: [(String, GenerationSchema)], texts: [[String]], grammars: GuidanceGrammarCache
  ) throws -> Measurement {
    let buildStart = ContinuousClock.now
    let trie = TokenTrie(tokens: vocabulary.tokens)
    let trieTime = ContinuousClock.now - buildStart
    var result = Measurement(
      name: vocabulary.name, vocabularySize: trie.vocabularySize,
      trieMillis: Double(trieTime.components.attoseconds) / 1e15 + Double(trieTime.components.seconds) * 1e3,
      trieBytes: trie.byteCount)
    let warmMasks = TokenMaskComputer(trie: trie, cacheLimit: 1 << 14)
    // One mask for every cold step, as a decoding loop keeps one.
    var mask = TokenMask(count: trie.vocabularySize)
    for (index, (name, schema)) in suite.enumerated() {
      let sequences = sequences(texts[index], vocabulary: vocabulary)
      var cold: [Double] = []
      for tokens in sequences {
        let grammar = try GuidanceGrammar(schema: schema)
        let masks = TokenMaskComputer(trie: trie)
        walk(tokens, from: grammar.initialState, vocabulary: vocabulary, refused: &result.refused) { state in
          cold.append(micros { masks.computeMask(for: state, into: &mask) })
          return mask
        }
      }
      var warm: [Double] = []
      for pass in 0..<2 {
        for tokens in sequences {
          let grammar = try grammars.grammar(for: schema)
          var refused = 0
          walk(tokens, from: grammar.initialState, vocabulary: vocabulary, refused: &refused) { state in
            var mask = TokenMask(count: 0)
            let time = micros { mask = warmMasks.mask(for: state) }
            if pass == 1 { warm.append(time) }
            return mask
          }
          if pass == 1 { result.refused += refused }
        }
      }
      result.cold += cold
      result.warm += warm
      result.rows.append((name, Percentiles(cold), Percentiles(warm), cold.count))
    }
    result.cacheEntries = warmMasks.cachedMaskCount
    result.cacheBytes = warmMasks.cacheByteCount
    result.cacheByteLimit = warmMasks.cacheByteLimit
    return result
  }

  /// Token sequences that spell their text (a tokenizer may drop bytes of rare characters).
  static func sequences(_ texts: [String], vocabulary: GuidanceVocabulary) -> [[Int]] {
    texts.map(vocabulary.encode).enumerated().filter { offset, tokens in
      tokens.flatMap { vocabulary.tokens[$0] } == Array(texts[offset].utf8)
    }.map(\.element)
  }

  /// Follows `tokens` from `state`, asking `mask` before each; counts tokens their mask refused.
  private static func walk(
    _ tokens: [Int], from state: GuidanceState, vocabulary: GuidanceVocabulary, refused: inout Int,
    mask: (GuidanceState) -> TokenMask
  ) {
    var state = state
    for token in tokens {
      if !mask(state).contains(token) { refused += 1 }
      guard let next = state.advanced(by: vocabulary.tokens[token]) else { break }
      state = next
    }
  }

  private static func report(_ result: Measurement) {
    print(
      "\(result.name): \(result.vocabularySize) tokens, trie built in \(String(format: "%.1f", result.trieMillis)) ms, "
        + "\(result.trieBytes / 1024) KB")
    print(
      "schema".padding(toLength: 26, withPad: " ", startingAt: 0)
        + "   masks   cold p50    p99      max   warm p50    p99      max  (µs)")
    let total = (schema: "ALL", cold: Percentiles(result.cold), warm: Percentiles(result.warm), count: result.cold.count)
    for row in result.rows + [total] {
      print(
        row.schema.padding(toLength: 26, withPad: " ", startingAt: 0)
          + String(
            format: "%8d %9.1f %7.1f %8.1f %9.2f %7.1f %8.1f", row.count, row.cold.p50, row.cold.p99, row.cold.max,
            row.warm.p50, row.warm.p99, row.warm.max))
    }
    if result.llamaCppSchemas > 0 || !result.llamaCppRejected.isEmpty {
      GuidanceLlamaCpp.report(result)
    }
    print(
      "mask cache: \(result.cacheEntries) masks, \(result.cacheBytes >> 20) MB of \(result.cacheByteLimit >> 20) MB; "
        + "tokens refused by their own mask: \(result.refused)\n")
  }
}
