import Foundation
import Ristretto

struct ArticleSummary {
    var summary: String
    var keywords: [String]
}

/// What the UI should do after a failed request.
enum RecoveryAction {
    case startNewSession, retryLater, rephrase, showMessage(String), none
}

/// Handles every documented GenerationError case and reads its context.
func handle(_ error: LanguageModelSession.GenerationError) async -> (String, RecoveryAction) {
    switch error {
    case .exceededContextWindowSize(let context):
        return ("context window exceeded: \(context.debugDescription)", .startNewSession)
    case .assetsUnavailable(let context):
        return ("assets unavailable: \(context.debugDescription)", .retryLater)
    case .guardrailViolation(let context):
        return ("guardrail violation: \(context.debugDescription)", .rephrase)
    case .unsupportedGuide(let context):
        return ("unsupported guide: \(context.debugDescription)", .none)
    case .unsupportedLanguageOrLocale(let context):
        return ("unsupported language: \(context.debugDescription)", .showMessage("Try English."))
    case .decodingFailure(let context):
        return ("decoding failure: \(context.debugDescription)", .retryLater)
    case .rateLimited(let context):
        return ("rate limited: \(context.debugDescription)", .retryLater)
    case .concurrentRequests(let context):
        return ("concurrent requests: \(context.debugDescription)", .retryLater)
    case .refusal(let refusal, let context):
        // Ask the model itself why it refused.
        let explanation = (try? await refusal.explanation.content) ?? "no explanation"
        return ("refusal (\(context.debugDescription)): \(explanation)", .showMessage(explanation))
    @unknown default:
        return ("unknown generation error: \(error.errorDescription ?? "-")", .none)
    }
}

func summarize(_ article: String, with session: LanguageModelSession) async -> String {
    do {
        let response = try await session.respond(
            to: "Summarize this article:\n\(article)",
            generating: ArticleSummary.self
        )
        return "ok: \(response.content.summary.prefix(60)) keywords=\(response.content.keywords)"
    } catch let error as LanguageModelSession.GenerationError {
        let (message, action) = await handle(error)
        return "failed: \(message) -> \(action)"
    } catch let error as LanguageModelSession.ToolCallError {
        return "tool \(error.tool.name) failed: \(error.underlyingError)"
    } catch {
        return "other error: \(error.localizedDescription)"
    }
}

func runP10() async throws -> String {
    // Permissive guardrails are meant for transforming potentially sensitive text, like news.
    let model = SystemLanguageModel(guardrails: .permissiveContentTransformations)
    let session = LanguageModelSession(model: model, instructions: "You summarize news articles neutrally.")

    let article = "City council approves new bike lanes after a long debate about traffic safety."
    let first = await summarize(article, with: session)

    // Deliberately overflow the context window to exercise that error path.
    let huge = String(repeating: "This sentence repeats to fill the context window. ", count: 2_000)
    let second = await summarize(huge, with: session)

    // Two overlapping requests on one session exercise concurrentRequests.
    async let a = summarize(article, with: session)
    async let b = summarize(article, with: session)
    let (third, fourth) = await (a, b)

    return "P10 [\(first)] [\(second)] [\(third)] [\(fourth)]"
}

// MARK: - Ristretto conformances

extension ArticleSummary: GenerableObject, Decodable {
    static let properties = GenerableProperties<ArticleSummary> {
        GenerableProperty(\.summary, description: "A neutral one-paragraph summary")
        GenerableProperty(\.keywords, description: "Up to five keywords", .maximumCount(5))
    }
}
