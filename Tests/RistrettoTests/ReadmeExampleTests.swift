import Foundation
import Ristretto
import RistrettoTesting
import Testing

/// The example of README.md, compiled and run: its declarations here, its statements in the
/// test, each found verbatim in the README.
enum ReadmeExample {
  struct Weather: Tool {
    let name = "weather"
    let description = "Today's temperature in a city."

    struct Arguments: GenerableObject, Decodable {
      var city: String
      static let properties = GenerableProperties<Arguments> {
        GenerableProperty(\.city, description: "City name")
      }
    }

    func call(arguments: Arguments) async throws -> String {
      arguments.city == "Turin" ? "14 °C, cloudy" : "no forecast for \(arguments.city)"
    }
  }

  struct Forecast: GenerableObject, Decodable {
    enum Sky: String, CaseIterable, Generable, Decodable { case clear, cloudy, rain }
    var celsius: Int
    var sky: Sky
    static let properties = GenerableProperties<Forecast> {
      GenerableProperty(\.celsius, .range(-40...50))
      GenerableProperty(\.sky)
    }
  }
}

@Suite("README example")
struct ReadmeExampleTests {
  typealias Weather = ReadmeExample.Weather
  typealias Forecast = ReadmeExample.Forecast

  @Test func theExampleAnswersWithATypedForecast() async throws {
    let model = FakeModel.scripted([  // a scripted stand-in; any backend goes here
      .toolCall("weather", arguments: ["city": "Turin"]),
      .json(#"{"celsius":14,"sky":"cloudy"}"#),
    ])
    let session = LanguageModelSession(model: model, tools: [Weather()], instructions: "Answer about the weather.")
    let forecast = try await session.respond(to: "How warm is it in Turin?", generating: Forecast.self)
    print(forecast.content.celsius, forecast.content.sky)  // 14 cloudy
    #expect(forecast.content.celsius == 14 && forecast.content.sky == .cloudy)
    #expect(model.requests.count == 2)
  }

  @Test func theReadmeShowsThisCode() throws {
    let here = URL(fileURLWithPath: #filePath)
    let readme = here.deletingLastPathComponent().appendingPathComponent("../../README.md")
    func lines(_ text: String) -> String {
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .joined(separator: "\n")
    }
    let source = lines(try String(contentsOf: here, encoding: .utf8))
    let page = try String(contentsOf: readme, encoding: .utf8)
    let block = try #require(page.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
    let parts = block.components(separatedBy: "let model = ")
    #expect(parts.count == 2)
    let declarations = parts[0].replacingOccurrences(of: "import Ristretto\nimport RistrettoTesting\n", with: "")
    #expect(source.contains(lines(declarations)), "README declarations not found verbatim here")
    #expect(source.contains(lines("let model = " + parts[1])), "README statements not found verbatim here")
  }
}
