import Foundation
import Ristretto

/// Weather report returned to the model as a generable value.
struct WeatherReport {
    var city: String
    var temperatureCelsius: Double
    var condition: String
}

enum WeatherServiceError: Error {
    case unknownCity(String)
}

/// A tool whose Output is a generable structure.
struct GetWeatherTool: Tool {
    let name = "getWeather"
    let description = "Retrieves the latest weather conditions for a city."

    struct Arguments {
        var city: String
    }

    func call(arguments: Arguments) async throws -> WeatherReport {
        guard !arguments.city.isEmpty else { throw WeatherServiceError.unknownCity(arguments.city) }
        return WeatherReport(city: arguments.city, temperatureCelsius: 18.5, condition: "cloudy")
    }
}

/// A tool whose Arguments and Output are both raw GeneratedContent.
struct PackingListTool: Tool {
    let name = "packingList"
    let description = "Returns a packing list for a trip, keyed by category."

    var parameters: GenerationSchema {
        WeatherReport.generationSchema
    }

    func call(arguments: GeneratedContent) async throws -> GeneratedContent {
        let condition = try arguments.value(String.self, forProperty: "condition")
        let items: [String] = condition == "rain" ? ["umbrella", "boots"] : ["sunglasses", "hat"]
        return GeneratedContent(properties: [
            "condition": condition,
            "items": GeneratedContent(elements: items as [any ConvertibleToGeneratedContent]),
            "count": items.count,
        ])
    }
}

func runP04() async throws -> String {
    let session = LanguageModelSession(
        tools: [GetWeatherTool(), PackingListTool()],
        instructions: "Help the user plan a day trip. Use getWeather, then packingList with the weather report."
    )
    do {
        let response = try await session.respond(to: "I'm visiting Lisbon tomorrow. What should I pack?")
        var outputs: [String] = []
        for entry in session.transcript {
            if case .toolOutput(let output) = entry {
                outputs.append(output.toolName)
            }
        }
        return "P04 tools=\(outputs.joined(separator: ",")) answer=\(response.content)"
    } catch let error as LanguageModelSession.ToolCallError {
        let toolName = error.tool.name
        if let serviceError = error.underlyingError as? WeatherServiceError,
           case .unknownCity(let city) = serviceError {
            return "P04 tool \(toolName) failed for city '\(city)'"
        }
        return "P04 tool \(toolName) failed: \(error.errorDescription ?? "\(error.underlyingError)")"
    }
}

// MARK: - Ristretto conformances

extension WeatherReport: GenerableObject, Decodable {
    static let properties = GenerableProperties<WeatherReport>(description: "Current weather conditions for a city") {
        GenerableProperty(\.city)
        GenerableProperty(\.temperatureCelsius, description: "Temperature in degrees Celsius")
        GenerableProperty(\.condition, description: "Short condition summary", .anyOf(["sunny", "cloudy", "rain", "snow"]))
    }
}

extension GetWeatherTool.Arguments: GenerableObject, Decodable {
    static let properties = GenerableProperties<GetWeatherTool.Arguments> {
        GenerableProperty(\.city, description: "The city to get weather information for")
    }
}
