import Foundation
import Testing

@testable import Ristretto

/// The example from the issue: an enum, an Int in 1...5, an optional String, 1–3 strings.
struct BeanQuery: GenerableObject, Equatable {
  enum Roast: String, CaseIterable, Generable { case light, medium, dark }
  var roast: Roast
  var limit: Int
  var note: String?
  var origins: [String]

  static let properties = GenerableProperties<BeanQuery>(description: "A bean search") {
    GenerableProperty("roast", \.roast, description: "Roast level")
    GenerableProperty("limit", \.limit, description: "How many beans", .range(1...5))
    GenerableProperty("note", \.note, description: "A tasting note to look for")
    GenerableProperty("origins", \.origins, description: "Countries", .count(1...3))
  }

  init(roast: Roast, limit: Int, note: String?, origins: [String]) {
    (self.roast, self.limit, self.note, self.origins) = (roast, limit, note, origins)
  }

  init(_ content: GeneratedContent) throws {
    roast = try content.value(forProperty: "roast")
    limit = try content.value(forProperty: "limit")
    note = try content.value(forProperty: "note")
    origins = try content.value(forProperty: "origins")
  }
}

@Suite("Generable and GeneratedContent")
struct GenerableTests {
  @Test func handWrittenConformanceRoundTrips() throws {
    let query = BeanQuery(roast: .dark, limit: 3, note: nil, origins: ["Brazil", "India"])
    let json = query.generatedContent.jsonString
    #expect(json == #"{"roast":"dark","limit":3,"origins":["Brazil","India"]}"#)
    #expect(try BeanQuery(GeneratedContent(json: json)) == query)
  }

  @Test func schemaCarriesGuides() {
    guard case .object(let name, _, let properties) = BeanQuery.generationSchema.root else {
      Issue.record("not an object")
      return
    }
    #expect(name == "BeanQuery")
    #expect(properties.map(\.name) == ["roast", "limit", "note", "origins"])
    #expect(properties[0].node == .stringEnum(["light", "medium", "dark"]))
    #expect(properties[1].node == .integer(minimum: 1, maximum: 5))
    #expect(properties[2].isOptional)
    #expect(properties[3].node == .array(.string(), minimumCount: 1, maximumCount: 3))
  }

  @Test func decodingErrorsNameThePath() {
    let content = try! GeneratedContent(json: #"{"roast":"dark","limit":"three","origins":[]}"#)
    #expect(throws: GeneratedContentError.typeMismatch(path: "limit", expected: "integer", found: "string")) {
      try BeanQuery(content)
    }
    let missing = try! GeneratedContent(json: #"{"roast":"dark"}"#)
    #expect(throws: GeneratedContentError.missingProperty(path: "limit")) { try BeanQuery(missing) }
    let badCase = try! GeneratedContent(json: #"{"roast":"blonde","limit":1,"origins":[]}"#)
    #expect(throws: GeneratedContentError.self) { try BeanQuery(badCase) }
  }

  @Test(arguments: [
    #"null"#, #"true"#, #"false"#, #"0"#, #"-12"#, #"3.25"#, #""a\"b\\c\nd""#, #"[]"#, #"{}"#,
    #"{"b":1,"a":[1,2,{"c":null}]}"#, #""caf\u00e9 ☕️""#, #"[[[[]]]]"#,
  ])
  func jsonRoundTrips(json: String) throws {
    let content = try GeneratedContent(json: json)
    let again = try GeneratedContent(json: content.jsonString)
    #expect(again == content)
  }

  @Test func propertyOrderIsKept() throws {
    let content = try GeneratedContent(json: #"{ "z": 1, "a": 2, "m": 3 }"#)
    #expect(content.jsonString == #"{"z":1,"a":2,"m":3}"#)
    #expect(try content.properties().map(\.key) == ["z", "a", "m"])
  }

  @Test func partialJSONGivesSnapshots() throws {
    let snapshot = try GeneratedContent(partialJSON: #"{"roast":"da"#)
    #expect(!snapshot.isComplete)
    #expect(snapshot.jsonString == #"{"roast":"da"}"#)
    let cutKey = try GeneratedContent(partialJSON: #"{"roast":"dark","li"#)
    #expect(cutKey.jsonString == #"{"roast":"dark"}"#)
    let cutNumber = try GeneratedContent(partialJSON: #"[1,2.5,-"#)
    #expect(cutNumber.jsonString == "[1,2.5]")
    let cutLiteral = try GeneratedContent(partialJSON: #"{"a":tr"#)
    #expect(cutLiteral.jsonString == "{}")
    let whole = try GeneratedContent(partialJSON: #"{"a":1}"#)
    #expect(whole.isComplete)
  }

  @Test(arguments: [#"{"a":1"#, #"[1,]"#, #"01"#, #"{"a" 1}"#, #""\x""#, "tru", "1 2"])
  func strictParserRejects(json: String) {
    #expect(throws: GeneratedContentError.self) { try GeneratedContent(json: json) }
  }

  @Test func codableKeepsOrder() throws {
    let content = try GeneratedContent(json: #"{"z":[1,true],"a":"x"}"#)
    let data = try JSONEncoder().encode([content])
    let decoded = try JSONDecoder().decode([GeneratedContent].self, from: data)
    #expect(decoded == [content])
  }

  @Test func builtInsDecode() throws {
    #expect(try Int(GeneratedContent(json: "4")) == 4)
    #expect(throws: GeneratedContentError.self) { try Int(GeneratedContent(json: "4.5")) }
    #expect(try [Int]?(GeneratedContent(json: "null")) == nil)
    #expect(try Double(GeneratedContent(json: "-2.5")) == -2.5)
    #expect(try Bool(GeneratedContent(json: "true")))
    #expect(try [String](GeneratedContent(json: #"["a","b"]"#)) == ["a", "b"])
  }
}
