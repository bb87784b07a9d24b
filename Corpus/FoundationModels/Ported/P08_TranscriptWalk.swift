import Foundation
import Ristretto

struct CityFact {
    var city: String
    var fact: String
}

struct LocalTimeTool: Tool {
    let name = "localTime"
    let description = "Returns the current local time in a city."

    struct Arguments {
        var city: String
    }

    func call(arguments: Arguments) async throws -> String {
        "It is 14:05 in \(arguments.city)."
    }
}

/// Summarizes the segments of an entry: text is shown verbatim, structure as JSON.
func describe(_ segments: [Transcript.Segment]) -> String {
    segments.map { segment -> String in
        switch segment {
        case .text(let text):
            return "text(\(text.content.prefix(40)))"
        case .structure(let structured):
            return "structure[\(structured.source)](\(structured.content.jsonString.prefix(40)))"
        @unknown default:
            return "other"
        }
    }.joined(separator: " + ")
}

func runP08() async throws -> String {
    let session = LanguageModelSession(
        tools: [LocalTimeTool()],
        instructions: "You are a concise city guide. Use localTime when asked about time."
    )
    _ = try await session.respond(to: "What time is it in Oslo right now?")
    _ = try await session.respond(to: "Give me a fact about Oslo.", generating: CityFact.self)

    var log: [String] = []
    for entry in session.transcript {
        switch entry {
        case .instructions(let instructions):
            log.append("instructions: \(describe(instructions.segments))")
        case .prompt(let prompt):
            log.append("prompt: \(describe(prompt.segments))")
        case .toolCalls(let toolCalls):
            for call in toolCalls {
                log.append("toolCall \(call.id) \(call.toolName)(\(call.arguments.jsonString))")
            }
        case .toolOutput(let output):
            log.append("toolOutput \(output.toolName): \(describe(output.segments))")
        case .response(let response):
            log.append("response[\(response.assetIDs.count) assets]: \(describe(response.segments))")
        @unknown default:
            log.append("unhandled entry \(entry.id)")
        }
    }

    return "P08 entries=\(log.count)\n" + log.joined(separator: "\n")
}

// MARK: - Ristretto conformances

extension CityFact: GenerableObject, Decodable {
    static let properties = GenerableProperties<CityFact> {
        GenerableProperty(\.city, description: "The city name")
        GenerableProperty(\.fact, description: "One surprising fact")
    }
}

extension LocalTimeTool.Arguments: GenerableObject, Decodable {
    static let properties = GenerableProperties<LocalTimeTool.Arguments> {
        GenerableProperty(\.city, description: "City name")
    }
}
