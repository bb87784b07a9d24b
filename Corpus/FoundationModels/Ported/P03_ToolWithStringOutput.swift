import Foundation
import Ristretto

/// A tool that searches a local recipe catalog and answers with plain text.
struct FindRecipesTool: Tool {
    let name = "findRecipes"
    let description = "Finds recipes in the user's saved recipe catalog."

    /// Meal course, backed by raw string values.
    enum Course: String {
        case breakfast
        case lunch
        case dinner = "supper"
        case dessert
    }

    /// Difficulty level, a plain enum without raw values.
    enum Difficulty {
        case easy
        case medium
        case hard
    }

    /// A nested structure describing time constraints.
    struct TimeLimit {
        var maxMinutes: Int
        var allowOven: Bool
    }

    struct Arguments {
        var ingredients: [String]
        var course: Course
        var difficulty: Difficulty
        var timeLimit: TimeLimit?
        var cuisine: String?
    }

    func call(arguments: Arguments) async throws -> String {
        let course = arguments.course.rawValue
        let level: String
        switch arguments.difficulty {
        case .easy: level = "easy"
        case .medium: level = "medium"
        case .hard: level = "hard"
        }
        var parts = ["\(level) \(course) with \(arguments.ingredients.joined(separator: ", "))"]
        if let limit = arguments.timeLimit {
            parts.append("ready in \(limit.maxMinutes) min" + (limit.allowOven ? "" : ", no oven"))
        }
        if let cuisine = arguments.cuisine {
            parts.append("\(cuisine) style")
        }
        // Pretend catalog lookup.
        return "Found 2 recipes: Lemon \(arguments.ingredients.first ?? "herb") bowl; "
            + "Quick skillet (" + parts.joined(separator: "; ") + ")."
    }
}

func runP03() async throws -> String {
    let tool = FindRecipesTool()
    let session = LanguageModelSession(
        tools: [tool],
        instructions: "Help the user pick a recipe. Always use the findRecipes tool to look up recipes."
    )
    let response = try await session.respond(
        to: "I have chickpeas and spinach. Something easy for supper, under 30 minutes, no oven."
    )

    // Count the tool calls the model made while answering.
    var calls = 0
    for entry in response.transcriptEntries {
        if case .toolCalls(let toolCalls) = entry {
            calls += toolCalls.count
        }
    }
    let schemaIncluded = tool.includesSchemaInInstructions
    return "P03 toolCalls=\(calls) schemaInInstructions=\(schemaIncluded) answer=\(response.content)"
}

// MARK: - Ristretto conformances

extension FindRecipesTool.Course: CaseIterable, Generable, Decodable {}

extension FindRecipesTool.Difficulty: CaseIterable, Generable, Decodable {}

extension FindRecipesTool.TimeLimit: GenerableObject, Decodable {
    static let properties = GenerableProperties<FindRecipesTool.TimeLimit> {
        GenerableProperty(\.maxMinutes, description: "Maximum preparation time in minutes", .range(5...240))
        GenerableProperty(\.allowOven, description: "Whether the oven may be used")
    }
}

extension FindRecipesTool.Arguments: GenerableObject, Decodable {
    static let properties = GenerableProperties<FindRecipesTool.Arguments> {
        GenerableProperty(\.ingredients, description: "Ingredients the recipe must contain", .maximumCount(5))
        GenerableProperty(\.course, description: "The course of the meal")
        GenerableProperty(\.difficulty, description: "How hard the recipe may be")
        GenerableProperty(\.timeLimit, description: "Optional time constraints")
        GenerableProperty(\.cuisine, description: "An optional cuisine, like 'Italian'")
    }
}
