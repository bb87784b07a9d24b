import Foundation
import Ristretto

/// Keeps a chat going across app launches and context-window overflows.
final class ChatController {
    private(set) var session: LanguageModelSession
    let instructionsText = "You are a friendly barista in a pixel art coffee shop. Respond concisely."

    init() {
        session = LanguageModelSession(instructions: instructionsText)
    }

    /// Call when the user starts typing; the first request will be faster.
    func userBeganTyping() {
        session.prewarm(promptPrefix: Prompt("A customer says:"))
    }

    func send(_ text: String) async throws -> String {
        do {
            return try await session.respond(to: "A customer says: \(text)").content
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize {
            // Start over with a condensed transcript and try once more.
            session = LanguageModelSession(transcript: condensedTranscript(from: session.transcript))
            return try await session.respond(to: "A customer says: \(text)").content
        }
    }

    /// Keeps the original instructions plus the most recent exchange.
    func condensedTranscript(from transcript: Transcript) -> Transcript {
        var kept: [Transcript.Entry] = []
        if let first = transcript.first, case .instructions = first {
            kept.append(first)
        }
        let recent = transcript.suffix(2).filter { entry in
            if case .instructions = entry { return false }
            return true
        }
        kept.append(contentsOf: recent)
        return Transcript(entries: kept)
    }

    /// Rebuilds a session from saved text, as if restoring a previous conversation.
    func restore(savedResponses: [String]) {
        let instructions = Transcript.Instructions(
            id: UUID().uuidString,
            segments: [.text(Transcript.TextSegment(id: UUID().uuidString, content: instructionsText))],
            toolDefinitions: []
        )
        var entries: [Transcript.Entry] = [.instructions(instructions)]
        for text in savedResponses {
            let segment = Transcript.Segment.text(Transcript.TextSegment(id: UUID().uuidString, content: text))
            entries.append(.response(Transcript.Response(assetIDs: [], segments: [segment])))
        }
        session = LanguageModelSession(model: .default, tools: [], transcript: Transcript(entries: entries))
    }
}

func runP11() async throws -> String {
    let chat = ChatController()
    chat.userBeganTyping()
    try await Task.sleep(nanoseconds: 1_500_000_000) // give prewarm at least a second
    let first = try await chat.send("What's your most popular drink?")
    let second = try await chat.send("Make it iced, please.")

    // Simulate an app relaunch: persist the transcript entries, then restore.
    let saved = chat.session.transcript
    let restored = LanguageModelSession(transcript: saved)
    let recall = try await restored.respond(to: "What did I order?").content

    // Restore from plain saved strings, too.
    chat.restore(savedResponses: ["Welcome in! Our caramel latte is a favorite."])
    let afterRestore = try await chat.send("Remind me what you recommended.")

    return "P11 first=\(first.prefix(40)) second=\(second.prefix(40)) "
        + "restoredEntries=\(saved.count) recall=\(recall.prefix(40)) afterRestore=\(afterRestore.prefix(40))"
}
