import Foundation
import Ristretto

/// What a customer wants from the barista; cases carry associated values.
enum Encounter {
    case orderCoffee(String)
    case wantToTalkToManager(complaint: String)
    case justBrowsing
}

/// A simple mood enum without associated values.
enum Mood {
    case happy, neutral, grumpy
}

struct Customer {
    var name: String
    var mood: Mood
    var encounter: Encounter
}

func describe(_ encounter: Encounter) -> String {
    switch encounter {
    case .orderCoffee(let drink): return "orders \(drink)"
    case .wantToTalkToManager(let complaint): return "complains: \(complaint)"
    case .justBrowsing: return "is just browsing"
    }
}

func runP12() async throws -> String {
    let instructions = Instructions {
        "You invent customers for a cozy pixel-art coffee shop game."
        "Keep names short and complaints polite."
    }
    let model = SystemLanguageModel.default
    let session = LanguageModelSession(model: model, tools: []) { instructions }

    // Token budgeting (documented for 26.4 and later).
    var budget = "n/a"
    if #available(iOS 26.4, macOS 26.4, visionOS 26.4, *) {
        let used = try await model.tokenCount(for: instructions)
        budget = "\(used)/\(model.contextSize) tokens"
    }

    let response = try await session.respond(
        to: "Generate the next customer who walks in.",
        generating: Customer.self
    )
    let customer = response.content

    // Report the result to Apple through Feedback Assistant when it looks wrong.
    var feedbackBytes = 0
    if customer.name.isEmpty {
        let desired = Transcript.Entry.response(Transcript.Response(
            assetIDs: [],
            segments: [.text(Transcript.TextSegment(id: UUID().uuidString, content: "A named customer"))]
        ))
        let data = session.logFeedbackAttachment(
            sentiment: .negative,
            issues: [LanguageModelFeedback.Issue(category: .didNotFollowInstructions,
                                                 explanation: "The customer has no name.")],
            desiredOutput: desired
        )
        feedbackBytes = data.count
    } else {
        let data = session.logFeedbackAttachment(sentiment: .positive)
        feedbackBytes = data.count
    }

    return "P12 \(customer.name) (\(customer.mood)) \(describe(customer.encounter)); "
        + "budget=\(budget); feedback=\(feedbackBytes) bytes"
}

// MARK: - Ristretto conformances

extension Encounter: GenerableEnum, Decodable {
    static let cases = GenerableCases<Encounter> {
        GenerableCase("orderCoffee", .field("_0", String.self))
        GenerableCase("wantToTalkToManager", .field("complaint", String.self))
        GenerableCase("justBrowsing")
    }
}

extension Mood: CaseIterable, Generable, Decodable {}

extension Customer: GenerableObject, Decodable {
    static let properties = GenerableProperties<Customer>(description: "A non-player character visiting the coffee shop") {
        GenerableProperty(\.name, description: "A first name")
        GenerableProperty(\.mood)
        GenerableProperty(\.encounter, description: "What the customer wants right now")
    }
}
