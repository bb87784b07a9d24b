import Foundation
import Ristretto
import RistrettoTesting
import Synchronization
import Testing

/// A long conversation costs each request work bounded by the context, not by the history: each
/// entry is counted once, and the request is fitted from those counts with a few exact counts.
@Suite("Long conversations")
struct LongConversationTests {
  /// Counts, as ApproximateTokenizer does, and adds up the bytes it was asked to count.
  final class MeteredTokenizer: Tokenizer {
    private let counted = Mutex(0)
    var bytesCounted: Int { counted.withLock { $0 } }
    func encode(_ text: String, parseSpecial: Bool) -> [Int] {
      counted.withLock { $0 += text.utf8.count }
      return ApproximateTokenizer().encode(text, parseSpecial: parseSpecial)
    }
    func decode(_ tokens: [Int]) -> String { ApproximateTokenizer().decode(tokens) }
  }

  struct Clock: Tool {
    let name = "clock"
    let description = "The time."
    typealias Arguments = GeneratedContent
    var parameters: GenerationSchema { GenerationSchema(root: .object(name: "None", properties: [])) }
    func call(arguments: GeneratedContent) async throws -> String { "It is " + String(repeating: "late, ", count: 10) }
  }

  static let contextSize = 800

  /// A session whose every third question calls a tool.
  static func conversation(_ tokenizer: MeteredTokenizer) -> (LanguageModelSession, FakeModel) {
    let model = FakeModel(contextSize: contextSize, tokenizer: tokenizer) { request, _ in
      if case .prompt? = request.transcript.entries.last, request.transcript.lastPromptText?.hasPrefix("tool") == true {
        return .toolCall("clock", arguments: GeneratedContent(properties: [:]))
      }
      return .reply(String(repeating: "answer ", count: 12))
    }
    let session = LanguageModelSession(
      model: model, tools: [Clock()], instructions: "Be brief.", historyPolicy: .dropToolRoundsFirst)
    return (session, model)
  }

  static func question(_ index: Int) -> Prompt {
    Prompt((index % 3 == 0 ? "tool " : "question ") + "\(index) " + String(repeating: "words ", count: 10))
  }

  @Test func theWorkOfARequestDoesNotGrowWithTheHistory() async throws {
    let tokenizer = MeteredTokenizer()
    let (session, _) = Self.conversation(tokenizer)
    var work: [Int: Int] = [:]
    for index in 0..<400 {
      let before = tokenizer.bytesCounted
      _ = try await session.respond(to: Self.question(index))
      work[index] = tokenizer.bytesCounted - before
    }
    // Turns 100 and 398 ask the same kind of question; the history has grown fourfold between
    // them. Recounting it would grow the work with it.
    let early = try #require(work[100])
    let late = try #require(work[398])
    #expect(late < 2 * early, "bytes counted at turn 100: \(early), at turn 398: \(late)")
    #expect(late < 40 * Self.contextSize * 4, "\(late) bytes counted for one request")
  }

  @Test func everyRequestFitsAndKeepsAllTheHistoryThatFits() async throws {
    let (session, model) = Self.conversation(MeteredTokenizer())
    for index in 0..<60 { _ = try await session.respond(to: Self.question(index)) }
    let all = session.transcript.entries
    for request in model.requests {
      let room = Self.contextSize - HistoryPolicy.defaultResponseReserve
      #expect(model.tokenCount(for: request) <= room)
    }
    // The last request left out the oldest history; one more entry of it would not have fit.
    let last = try #require(model.requests.last)
    let seen = last.transcript.entries
    let firstKept = try #require(seen.dropFirst().first.flatMap { kept in all.firstIndex { $0.id == kept.id } })
    let previous = try #require(all[1..<firstKept].last { if case .toolCalls = $0 { false } else { true } })
    guard case .toolOutput = previous else {
      var wider = seen
      wider.insert(previous, at: 1)
      let request = GenerationRequest(transcript: Transcript(entries: wider), tools: last.tools)
      #expect(model.tokenCount(for: request) > Self.contextSize - HistoryPolicy.defaultResponseReserve)
      return
    }
  }
}
