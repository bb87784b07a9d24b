import Foundation
import Ristretto
import Testing

#if Llama
  @testable import RistrettoLlama

  @Suite(
    "GBNF and llama.cpp's grammar sampler (real SmolLM2)", .serialized,
    .enabled(if: RealModel.isPresent, "RISTRETTO_MODEL is not set to a GGUF file; run scripts/install-llama.sh"))
  struct GBNFTests {
    static let schemas: [GenerationSchema] = [
      GenerationSchema(root: .stringEnum(["light", "medium", "dark"])),
      GenerationSchema(
        root: .object(
          name: "Query",
          properties: [
            .init(name: "roast", node: .stringEnum(["light", "dark"])),
            .init(name: "limit", node: .integer(minimum: 1, maximum: 500)),
            .init(name: "grams", node: .integer(minimum: -10, maximum: 250)),
            .init(name: "note", node: .string(), isOptional: true),
            .init(name: "sku", node: .string(pattern: "^[A-Z]{3}-\\d{4}$")),
            .init(name: "tags", node: .array(.string(), minimumCount: 1, maximumCount: 3)),
            .init(name: "rating", node: .number(minimum: 0, maximum: 5), isOptional: true),
          ])),
      GenerationSchema(
        root: .anyOf([.reference("Tree"), .null]),
        definitions: [
          .init(
            name: "Tree",
            node: .object(
              name: "Tree",
              properties: [
                .init(name: "value", node: .any), .init(name: "children", node: .array(.reference("Tree"), maximumCount: 2)),
              ]))
        ]),
    ]

    @Test func llamaCppAcceptsTheGrammars() throws {
      let vocabulary = try LlamaVocabulary(path: RealModel.path!)
      for schema in Self.schemas {
        let grammar = GBNF(schema: schema).text
        #expect(throws: Never.self, "\(grammar)") { _ = try LlamaGrammarSampler(vocabulary: vocabulary, grammar: grammar) }
      }
      #expect(throws: LlamaError.self) { _ = try LlamaGrammarSampler(vocabulary: vocabulary, grammar: "root ::= (") }
    }

    @Test func greedyDecodeUnderTheGrammarProducesACase() throws {
      let cases = ["espresso", "lungo", "ristretto"]
      let vocabulary = try LlamaVocabulary(path: RealModel.path!, vocabularyOnly: false)
      var engine = try LlamaEngine(model: vocabulary.model, contextSize: 512, threads: 2)
      let sampler = try LlamaGrammarSampler(
        vocabulary: vocabulary, grammar: GBNF(schema: GenerationSchema(root: .stringEnum(cases))).text)
      _ = try engine.prefill(vocabulary.tokenize("The strongest, shortest coffee shot is called a").map(Int32.init))
      var output: [UInt8] = []
      for _ in 0..<16 {
        let logits = Array(UnsafeBufferPointer(start: try #require(engine.logits()), count: vocabulary.count))
        sampler.applyToVocabulary(logits: logits)
        let token = try #require(sampler.bestAllowedToken)
        if engine.endOfGeneration.contains(token) { break }
        try sampler.accept(token)
        output += engine.pieces[token]
        try engine.decode([Int32(token)])
      }
      let text = String(decoding: output, as: UTF8.self)
      #expect(cases.map { "\"\($0)\"" }.contains(text), "\(text)")
    }
  }
#endif
