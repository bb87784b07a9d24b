import Foundation
import Ristretto

struct Itinerary {
    var title: String

    var days: [DayPlan]

    var packingTip: String
}

struct DayPlan {
    var day: Int
    var activities: [String]
}

/// Renders whatever has been generated so far; every field of the partial type is optional.
func render(_ partial: Itinerary.PartiallyGenerated) -> String {
    var text = partial.title ?? "…"
    for plan in partial.days ?? [] {
        let dayLabel = plan.day.map { "Day \($0)" } ?? "Day ?"
        text += " | \(dayLabel): \((plan.activities ?? []).joined(separator: ", "))"
    }
    if let tip = partial.packingTip {
        text += " | tip: \(tip)"
    }
    return text
}

func runP06() async throws -> String {
    let session = LanguageModelSession(instructions: "You are a helpful travel planner.")

    // 1. Streaming plain text: each snapshot holds the text aggregated so far.
    var textSnapshots = 0
    var latestText = ""
    let textStream = session.streamResponse(to: "Describe Kyoto in two sentences.")
    for try await snapshot in textStream {
        textSnapshots += 1
        latestText = snapshot.content
    }

    // 2. Streaming a generable type with the prompt builder form.
    let city = "Kyoto"
    let stream = session.streamResponse(
        generating: Itinerary.self,
        includeSchemaInPrompt: true,
        options: GenerationOptions(sampling: .greedy)
    ) {
        "Plan a three-day trip to \(city)."
        "Keep activities short."
    }

    var frames: [String] = []
    for try await snapshot in stream {
        frames.append(render(snapshot.content))
        _ = snapshot.rawContent.jsonString
    }

    // 3. A second stream, drained with collect() to get the final typed response.
    let final = try await session.streamResponse(
        generating: Itinerary.self
    ) {
        "Now plan a three-day trip to Osaka."
    }.collect()

    let itinerary: Itinerary = final.content
    return "P06 textSnapshots=\(textSnapshots) textLen=\(latestText.count) frames=\(frames.count) "
        + "last=\(frames.last ?? "-") collected=\(itinerary.title) days=\(itinerary.days.count)"
}

// MARK: - Ristretto conformances

extension Itinerary: GenerableObject, Decodable {
    static let properties = GenerableProperties<Itinerary> {
        GenerableProperty(\.title, description: "A catchy title for the trip")
        GenerableProperty(\.days, description: "One plan per day", .count(3))
        GenerableProperty(\.packingTip, description: "A one-sentence packing tip")
    }
}

extension DayPlan: GenerableObject, Decodable {
    static let properties = GenerableProperties<DayPlan> {
        GenerableProperty(\.day, description: "Day number starting at 1", .range(1...3))
        GenerableProperty(\.activities, description: "Activities for the day", .maximumCount(3))
    }
}
