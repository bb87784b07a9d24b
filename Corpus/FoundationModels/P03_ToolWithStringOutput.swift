import Foundation
import FoundationModels

/// A tool that searches a local recipe catalog and answers with plain text.
struct FindRecipesTool: Tool {
    let name = "findRecipes"
    let description = "Finds recipes in the user's saved recipe catalog."

    /// Meal course, backed by raw string values.
    @Generable // [macro]
    enum Course: String {
        case breakfast
        case lunch
        case dinner = "supper"
        case dessert
    }

    /// Difficulty level, a plain enum without raw values.
    @Generable // [macro]
    enum Difficulty {
        case easy
        case medium
        case hard
    }

    /// A nested structure describing time constraints.
    @Generable // [macro]
    struct TimeLimit {
        @Guide(description: "Maximum preparation time in minutes", .range(5...240)) // [macro]
        var maxMinutes: Int
        @Guide(description: "Whether the oven may be used") // [macro]
        var allowOven: Bool
    }

    @Generable // [macro]
    struct Arguments {
        @Guide(description: "Ingredients the recipe must contain", .maximumCount(5)) // [macro]
        var ingredients: [String]
        @Guide(description: "The course of the meal") // [macro]
        var course: Course
        @Guide(description: "How hard the recipe may be") // [macro]
        var difficulty: Difficulty
        @Guide(description: "Optional time constraints") // [macro]
        var timeLimit: TimeLimit?
        @Guide(description: "An optional cuisine, like 'Italian'") // [macro]
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
