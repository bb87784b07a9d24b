import Ristretto
import RistrettoTesting
import Testing

/// Runs each ported program; the `[config]` line of each is the `configure` call. Serialized:
/// the programs share `SystemLanguageModel.default`, as an app does.
@Suite("Foundation Models programs compile and run with one configuration line", .serialized)
struct FoundationModelsProgramsTests {
  @Test func toolSession() async throws {
    SystemLanguageModel.configure(  // [config]
      FakeModel.scripted([
        .toolCall("findContacts", arguments: GeneratedContent(properties: ["count": 3])),
        .reply("Ada, Grace and Linus."),
      ]))
    let (answer, entries) = try await findContactsProgram()
    #expect(answer == "Ada, Grace and Linus.")
    #expect(entries == 5)
  }

  @Test func typedAnswerWithGuides() async throws {
    SystemLanguageModel.configure(  // [config]
      FakeModel.scripted([.json(#"{"searchTerms":["Eiffel","Colosseum","Big Ben","Acropolis"],"audience":"travelers"}"#)]))
    let suggestions = try await searchSuggestionsProgram()
    #expect(suggestions.searchTerms.count == 4)
    #expect(suggestions.audience == .travelers)
  }

  @Test func streamingPartialResults() async throws {
    SystemLanguageModel.configure(  // [config]
      FakeModel.scripted([.json(#"{"title":"Turin in three","days":["Egyptian Museum","Mole","Superga"],"rating":5}"#)]))
    let (titles, final) = try await itineraryProgram()
    #expect(titles.count > 1)
    #expect(titles.last == "Turin in three")
    #expect(final.days.count == 3 && final.rating == 5)
  }

  @Test func availabilityHandling() {
    #expect(availabilityMessage(for: SystemLanguageModel()).hasPrefix("Unavailable: No model is configured"))
    SystemLanguageModel.configure(FakeModel.fixed("hi"))  // [config]
    #expect(availabilityMessage() == "ready")
    var offline = FakeModel.fixed("")
    offline.availability = .unavailable(.modelNotReady)
    #expect(availabilityMessage(for: SystemLanguageModel(offline)) == "The model is downloading; try again later.")
  }

  @Test func dynamicSchema() async throws {
    SystemLanguageModel.configure(FakeModel.scripted([.json(#"{"dish":"bicerin","price":4}"#)]))  // [config]
    let order = try await dynamicMenuProgram(dishes: ["bicerin", "espresso"])
    #expect(order == ("bicerin", 4))
  }

  @Test func anUnconfiguredDefaultFailsTyped() async throws {
    let session = LanguageModelSession(model: SystemLanguageModel())
    await #expect(throws: LanguageModelSession.GenerationError.modelUnavailable(.notConfigured)) {
      try await session.respond(to: "Hi")
    }
    #expect(session.transcript.count == 1)
  }
}
