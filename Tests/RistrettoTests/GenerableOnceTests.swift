import Foundation
import Testing

@testable import Ristretto

/// Every property name written once: in its declaration.
struct BrewPlan: GenerableObject, Decodable {
  enum Roast: String, CaseIterable, Generable, Decodable { case light, medium, dark }
  struct Grind: GenerableObject, Decodable {
    var setting: Int
    var burr: String
    static let properties = GenerableProperties<Grind> {
      GenerableProperty(\.setting, .range(1...40))
      GenerableProperty(\.burr)
    }
  }
  var roast: Roast
  var grams: Int
  var ratio: Double
  var preheat: Bool
  var note: String?
  var steps: [String]
  var grind: Grind

  static let properties = GenerableProperties<BrewPlan>(description: "A moka brew") {
    GenerableProperty(\.roast, description: "Roast level")
    GenerableProperty(\.grams, description: "Coffee in grams", .range(5...30))
    GenerableProperty(\.ratio)
    GenerableProperty(\.preheat)
    GenerableProperty(\.note, description: "A tip")
    GenerableProperty(\.steps, .count(1...4))
    GenerableProperty(\.grind)
  }
}

/// A property list whose explicit name disagrees with the declaration.
struct Misspelled: Decodable {
  var city: String
  var days: Int
}

@Suite("Generable without macros, each name once")
struct GenerableOnceTests {
  @Test func namesComeFromTheDeclarationsInListOrder() throws {
    guard case .object(_, let description, let properties) = BrewPlan.generationSchema.root else {
      Issue.record("not an object schema")
      return
    }
    #expect(description == "A moka brew")
    #expect(properties.map(\.name) == ["roast", "grams", "ratio", "preheat", "note", "steps", "grind"])
    #expect(properties.map(\.isOptional) == [false, false, false, false, true, false, false])
    #expect(BrewPlan.generationSchema.jsonSchemaString.contains(#""maximum":30"#))
  }

  @Test func decodesWithTheCompilerWrittenInitializerAndKeepsTheMemberwiseOne() throws {
    let json = #"""
      {"roast":"dark","grams":18,"ratio":7.5,"preheat":true,"steps":["fill","heat"],"grind":{"setting":12,"burr":"steel"}}
      """#
    let plan = try BrewPlan(GeneratedContent(json: json))
    #expect(plan.roast == .dark && plan.grams == 18 && plan.note == nil && plan.grind.setting == 12)
    let made = BrewPlan(
      roast: .light, grams: 15, ratio: 7, preheat: false, note: "warm water", steps: ["fill"],
      grind: .init(setting: 10, burr: "ceramic"))
    #expect(try BrewPlan(made.generatedContent).note == "warm water")
    try validate(made.generatedContent, against: BrewPlan.generationSchema)
  }

  @Test func decodingErrorsNameThePath() throws {
    let json = #"{"roast":"dark","grams":18,"ratio":7.5,"preheat":true,"steps":[],"grind":{"setting":"x","burr":"b"}}"#
    #expect {
      try BrewPlan(GeneratedContent(json: json))
    } throws: { error in
      (error as? GeneratedContentError).map { "\($0.localizedDescription)".contains("grind.setting") } ?? false
    }
  }

  @Test func aMisspelledNameFailsTheFirstSchemaBuildNamingIt() throws {
    let properties: [GenerableProperty<Misspelled>] = [GenerableProperty("cty", \.city), GenerableProperty(\.days)]
    #expect {
      _ = try GenerableProperties<Misspelled>.resolveNames(properties)
    } throws: { error in
      "\(error)".contains("'cty'") && "\(error)".contains("'city'")
    }
    let right: [GenerableProperty<Misspelled>] = [GenerableProperty("city", \.city), GenerableProperty(\.days)]
    #expect(try GenerableProperties<Misspelled>.resolveNames(right) == ["city", "days"])
  }

  @Test func partialSnapshotsReadPropertiesByKeyPath() throws {
    let partial = try BrewPlan.PartiallyGenerated(GeneratedContent(partialJSON: #"{"roast":"dark","grams":1"#))
    #expect(partial.roast == .dark)
    #expect(partial.grams == 1)
    #expect(partial.note == nil)
    #expect(partial.steps == nil)
  }
}
