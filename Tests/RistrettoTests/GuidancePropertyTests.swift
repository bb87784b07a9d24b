import Foundation
import Ristretto
import RistrettoTesting
import Testing

/// Property-style checks over a table of schemas, with seeded randomness.
@Suite("Guidance properties")
struct GuidancePropertyTests {
  static let schemas: [(String, GenerationSchema)] = [
    ("bean query", BeanQuery.generationSchema),
    (
      "nested",
      GenerationSchema(
        root: .object(
          name: "Order",
          properties: [
            .init(
              name: "items",
              node: .array(
                .object(
                  name: "Item",
                  properties: [
                    .init(name: "sku", node: .string(pattern: "[A-Z]{2}-[0-9]{3}")),
                    .init(name: "grams", node: .integer(minimum: -10, maximum: 250)),
                    .init(name: "size", node: .anyOf([.integer(minimum: 1, maximum: 1), .integer(minimum: 6, maximum: 6)])),
                  ]), minimumCount: 1, maximumCount: 3)),
            .init(name: "rating", node: .number(minimum: 0, maximum: 5)),
            .init(name: "gift", node: .boolean, isOptional: true),
            .init(name: "note", node: .anyOf([.string(), .null])),
          ]))
    ),
    ("enum", GenerationSchema(root: .stringEnum(["beans", "cupboard", "shopping", "general", "unsure"]))),
    ("minimum only", GenerationSchema(root: .array(.integer(minimum: 18), maximumCount: 4))),
  ]

  @Test(arguments: 0..<schemas.count)
  func validInstancesAreAcceptedByteByByte(_ index: Int) throws {
    let (name, schema) = Self.schemas[index]
    let grammar = try GuidanceGrammar(schema: schema)
    let sampler = try SchemaSampler(schema: schema)
    var random = SeededGenerator(seed: UInt64(index) + 1)
    for _ in 0..<200 {
      let value = sampler.sample(using: &random)
      try validate(value, against: schema)
      let text = value.jsonString
      var state = grammar.initialState
      for (offset, byte) in text.utf8.enumerated() {
        guard let next = state.advanced(by: byte) else {
          Issue.record("\(name): refused byte \(offset) of \(text)")
          break
        }
        state = next
      }
      #expect(state.isComplete, "\(name): \(text)")
    }
  }

  @Test(arguments: 0..<schemas.count)
  func mutationsTheValidatorRejectsAreNeverAccepted(_ index: Int) throws {
    let (name, schema) = Self.schemas[index]
    let grammar = try GuidanceGrammar(schema: schema)
    let sampler = try SchemaSampler(schema: schema)
    var random = SeededGenerator(seed: UInt64(index) + 100)
    let alphabet = Array(#"{}[]",:0123456789-.aeznulltrfs\ "#.utf8)
    var rejected = 0
    for _ in 0..<400 {
      var bytes = Array(sampler.sample(using: &random).jsonString.utf8)
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let position = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
        case 1: if position < bytes.count { bytes.remove(at: position) }
        default: if position < bytes.count { bytes[position] = alphabet.randomElement(using: &random)! }
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let validatorAccepts: Bool
      if let content = try? GeneratedContent(json: text), (try? validate(content, against: schema)) != nil {
        validatorAccepts = true
      } else {
        validatorAccepts = false
      }
      guard !validatorAccepts else { continue }
      rejected += 1
      #expect(grammar.initialState.advanced(by: bytes)?.isComplete != true, "\(name): accepted \(text)")
    }
    #expect(rejected > 100)
  }
}
