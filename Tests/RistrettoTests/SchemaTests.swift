import Foundation
import Testing

@testable import Ristretto

@Suite("GenerationSchema")
struct SchemaTests {
  @Test func exportsAppleDialect() throws {
    let json = BeanQuery.generationSchema.jsonSchema
    let text = json.jsonString
    #expect(text.contains(#""title":"BeanQuery""#))
    #expect(text.contains(#""additionalProperties":false"#))
    #expect(text.contains(#""required":["roast","limit","origins"]"#))
    #expect(text.contains(#""x-order":["roast","limit","note","origins"]"#))
    #expect(text.contains(#""minimum":1,"maximum":5"#))
    #expect(text.contains(#""minItems":1,"maxItems":3"#))
    #expect(text.contains(#""enum":["light","medium","dark"]"#))
  }

  @Test func jsonSchemaRoundTrips() throws {
    let original = BeanQuery.generationSchema
    let imported = try GenerationSchema(jsonSchema: original.jsonSchemaString)
    #expect(imported.root == original.root)
    #expect(imported.jsonSchemaString == original.jsonSchemaString)
  }

  @Test func recursiveSchemaWithDefinitions() throws {
    let node = DynamicGenerationSchema(
      name: "Node",
      properties: [
        .init(name: "value", schema: .init(type: Int.self)),
        .init(name: "children", schema: .init(arrayOf: .init(referenceTo: "Node")), isOptional: true),
      ])
    let schema = try GenerationSchema(root: .init(referenceTo: "Node"), dependencies: [node])
    let text = schema.jsonSchemaString
    #expect(text.contains(##""$ref":"#/$defs/Node""##))
    #expect(text.contains(#""$defs":{"Node":"#))
    let again = try GenerationSchema(jsonSchema: text)
    #expect(again.definitions == schema.definitions)
    let grammar = try GuidanceGrammar(schema: schema)
    #expect(
      grammar.initialState.advanced(by: #"{"value":1,"children":[{"value":2},{"value":3,"children":[]}]}"#)?.isComplete == true)
  }

  @Test(arguments: [
    #"{"type":"string","format":"email"}"#, #"{"type":"integer","multipleOf":2}"#,
    #"{"type":"array","uniqueItems":true}"#, #"{"type":"string","pattern":"(?=a)b"}"#,
    #"{"type":"object","properties":{},"additionalProperties":true}"#, #"{"type":"string","pattern":"(a)\\1"}"#,
  ])
  func unsupportedKeywordsAreTypedErrors(json: String) {
    #expect {
      try GenerationSchema(jsonSchema: json)
    } throws: { error in
      if case SchemaError.unsupportedGuide = error { return true }
      return false
    }
  }

  @Test func dynamicSchemaRejectsBadReferencesAndBounds() {
    #expect(throws: SchemaError.self) {
      try GenerationSchema(root: .init(referenceTo: "Missing"), dependencies: [])
    }
    #expect(throws: SchemaError.emptyRange(path: "")) {
      try GenerationSchema(root: .init(type: Int.self, guides: [.range(5...5), .minimum(9)]), dependencies: [])
    }
  }

  @Test func validatorNamesThePath() throws {
    let content = try GeneratedContent(json: #"{"roast":"dark","limit":7,"origins":["Kenya"]}"#)
    #expect(throws: SchemaViolation(path: "arguments.limit", reason: "7 is outside 1...5")) {
      try validate(content, against: BeanQuery.generationSchema, root: "arguments")
    }
    let tooMany = try GeneratedContent(json: #"{"roast":"dark","limit":2,"origins":["a","b","c","d"]}"#)
    #expect(throws: SchemaViolation.self) { try validate(tooMany, against: BeanQuery.generationSchema) }
    let fine = try GeneratedContent(json: #"{"roast":"dark","limit":2,"note":null,"origins":["a"]}"#)
    try validate(fine, against: BeanQuery.generationSchema)
  }
}
