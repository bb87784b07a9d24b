import Ristretto
import RistrettoTesting
import Testing

// The example of the Getting started article (Sources/Ristretto/Ristretto.docc/GettingStarted.md), compiled and run.

struct BrewRatio: Tool {
  let name = "brewRatio"
  let description = "Coffee and water for a moka pot of a given size."

  struct Arguments: GenerableObject, Decodable {
    var cups: Int
    static let properties = GenerableProperties<Arguments> {
      GenerableProperty(\.cups, description: "pot size", .range(1...12))
    }
  }

  func call(arguments: Arguments) async throws -> String {
    "\(arguments.cups * 5) g coffee, \(arguments.cups * 50) ml water"
  }
}

struct Recipe: GenerableObject, Decodable {
  var grams: Int
  var advice: String
  static let properties = GenerableProperties<Recipe> {
    GenerableProperty(\.grams, .range(5...60))
    GenerableProperty(\.advice)
  }
}

@Suite("Getting started")
struct GettingStartedTests {
  @Test func theDocumentedExampleRuns() async throws {
    let model = FakeModel.scripted([
      .toolCall("brewRatio", arguments: ["cups": 3]),
      .json(#"{"grams":15,"advice":"Fill the basket level; medium-low heat."}"#),
    ])
    let session = LanguageModelSession(model: model, tools: [BrewRatio()], instructions: "You are a moka-pot assistant.")
    let recipe = try await session.respond(to: "A recipe for my 3-cup pot?", generating: Recipe.self)
    #expect(recipe.content.grams == 15)
    #expect(recipe.toolOutputs.first?.segments == [.text("15 g coffee, 150 ml water")])
  }
}
