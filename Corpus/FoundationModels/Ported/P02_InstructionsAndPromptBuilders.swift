import Foundation
import Ristretto

/// Settings that shape the instructions and prompt for a writing coach.
struct CoachSettings {
    var persona: String = "a motivational workout coach"
    var keepItShort: Bool = true
    var audience: String? = "beginner runners"
    var focusAreas: [String] = ["consistency", "recovery", "hydration"]
}

/// Builds instructions with the result builder, including conditionals and loops.
func makeInstructions(_ settings: CoachSettings) -> Instructions {
    Instructions {
        "You are \(settings.persona) that provides quotes to inspire and motivate athletes."
        if settings.keepItShort {
            "Keep every answer under three sentences."
        } else {
            "You may answer in a short paragraph."
        }
        if let audience = settings.audience {
            "Your audience is \(audience)."
        }
        for area in settings.focusAreas {
            "When relevant, mention \(area)."
        }
    }
}

func runP02() async throws -> String {
    let settings = CoachSettings()

    // 1. Plain string instructions, as in the LanguageModelSession overview.
    let simple = LanguageModelSession(instructions: """
        You are a motivational workout coach that provides quotes to inspire \
        and motivate athletes.
        """)
    let first = try await simple.respond(to: "Generate a motivational quote for my next workout.")

    // 2. Builder-based instructions passed to init(model:tools:instructions:).
    let built = LanguageModelSession(model: .default, tools: []) {
        makeInstructions(settings)
    }

    // 3. A prompt value built with Prompt { ... } and sent with respond(to:options:).
    let responseShouldRhyme = true
    let prompt = Prompt {
        "Give me one tip for my first 5K."
        if responseShouldRhyme {
            "Your response MUST rhyme!"
        }
    }
    guard !built.isResponding else { return "P02 session busy" }
    let second = try await built.respond(to: prompt, options: GenerationOptions())

    // 4. The trailing-closure form respond(options:prompt:).
    let third = try await built.respond(options: GenerationOptions(sampling: nil, temperature: 0.5)) {
        "Now summarize your previous tip in five words."
        for area in settings.focusAreas.prefix(1) {
            "Mention \(area)."
        }
    }

    // A plain string literal is also accepted as a Prompt.
    let fourth = try await built.respond(to: Prompt("Say goodbye in one word."))

    let entries = second.transcriptEntries.count + third.transcriptEntries.count
    return "P02 quote=\(first.content.count) chars; tip=\(second.content); "
        + "summary=\(third.content); bye=\(fourth.content); entries=\(entries); "
        + "transcript=\(built.transcript.count)"
}
