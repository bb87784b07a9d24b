import Foundation
import Ristretto

struct Tagline {
    var text: String
}

/// Named presets an app might expose in a settings screen.
enum CreativityPreset: CaseIterable {
    case deterministic, focused, balanced, adventurous, capped

    var options: GenerationOptions {
        switch self {
        case .deterministic:
            // Always picks the most likely token: same input, same output.
            return GenerationOptions(sampling: .greedy)
        case .focused:
            // Top-k sampling with a fixed seed for repeatable variety.
            return GenerationOptions(sampling: .random(top: 10, seed: 42), temperature: 0.3)
        case .balanced:
            // Nucleus (top-p) sampling.
            return GenerationOptions(sampling: .random(probabilityThreshold: 0.9), temperature: 0.7)
        case .adventurous:
            return GenerationOptions(sampling: .random(probabilityThreshold: 0.95, seed: 7), temperature: 1.0)
        case .capped:
            // No sampling override; only limit the response length.
            return GenerationOptions(sampling: nil, temperature: nil, maximumResponseTokens: 32)
        }
    }
}

func runP09() async throws -> String {
    let session = LanguageModelSession(instructions: "You write short, upbeat marketing copy.")
    var results: [String] = []

    for preset in CreativityPreset.allCases {
        let options = preset.options
        let response = try await session.respond(
            to: "Write a tagline for a solar-powered bike light.",
            options: options
        )
        let temp = options.temperature.map { String($0) } ?? "default"
        let cap = options.maximumResponseTokens.map { String($0) } ?? "none"
        results.append("\(preset): temp=\(temp) cap=\(cap) -> \(response.content)")
    }

    // Options also apply to guided generation.
    let typed = try await session.respond(
        to: "One more tagline, please.",
        generating: Tagline.self,
        includeSchemaInPrompt: true,
        options: GenerationOptions(sampling: .random(top: 5), temperature: 0.5, maximumResponseTokens: 64)
    )
    results.append("typed -> \(typed.content.text)")

    // Greedy sampling twice should produce identical text for identical input.
    let fresh1 = LanguageModelSession()
    let fresh2 = LanguageModelSession()
    let greedy = GenerationOptions(sampling: .greedy)
    let a = try await fresh1.respond(to: "Name a color.", options: greedy).content
    let b = try await fresh2.respond(to: "Name a color.", options: greedy).content
    results.append("greedy stable: \(a == b)")

    return "P09 " + results.joined(separator: " | ")
}

// MARK: - Ristretto conformances

extension Tagline: GenerableObject, Decodable {
    static let properties = GenerableProperties<Tagline> {
        GenerableProperty(\.text, description: "A product tagline of at most eight words")
    }
}
