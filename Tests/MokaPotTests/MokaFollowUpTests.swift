import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Follow-ups answered from what an earlier turn's tool already returned: no new tool call, and
/// the answer is about the items that turn showed (or the ones the conversation singled out).
@Suite("Moka follow-ups answered from earlier results")
struct MokaFollowUpTests {
  func chat() throws -> SpecialistChat<MokaSpecialty> {
    let assistant = try MokaFixtures.assistant()
    return try assistant.chat(model: try assistant.rulesModel)
  }

  /// The reply's tool outputs, typed.
  func outputs<Output: ConvertibleFromGeneratedContent>(_ reply: SpecialistChat<MokaSpecialty>.Reply, as type: Output.Type)
    -> [Output]
  {
    reply.response.toolOutputs.compactMap { output in
      guard output.segments.count == 1, case .structure(let segment) = output.segments[0] else { return nil }
      return try? Output(segment.content)
    }
  }

  /// The names of the places the reply's nearbyCafes call returned.
  func placeNames(_ reply: SpecialistChat<MokaSpecialty>.Reply) -> [String] {
    outputs(reply, as: NearbyCafesTool.Output.self).flatMap { $0.places.map(\.name) }
  }

  @Test func placeQuestionsAreAnsweredFromTheListShown() async throws {
    let chat = try chat()
    let first = try await chat.send("Where can I buy a kettle near me?")
    #expect(first.response.toolCalls.map(\.toolName) == ["nearbyCafes"])
    let names = placeNames(first)
    #expect(names.count > 1)

    let open = try await chat.send("Is it open right now?")
    #expect(open.response.toolCalls.isEmpty)
    // "It" is the nearest place of the list.
    #expect(open.response.content.hasPrefix(names[0]))
    #expect(open.response.content.contains("open now") || open.response.content.contains("closed now"))

    let address = try await chat.send("What is the address of the second one?")
    #expect(address.response.toolCalls.isEmpty)
    #expect(address.response.content.hasPrefix(names[1]))
    #expect(address.response.content.contains(" at "))
  }

  @Test func aPlaceAskedForByNameIsTheAnswer() async throws {
    let reply = try await chat().send("Is Casa Moka Torino open right now?")
    #expect(reply.response.toolCalls.map(\.toolName) == ["nearbyCafes"])
    // Asked by name, the place is listed whether open or not, and the answer is about it alone.
    #expect(reply.response.content == "Casa Moka Torino (shop): closed now, today 15:00-19:00; next open today 15:00-19:00.")
    #expect(MokaPlaceFollowUps.mentions(Utterance("how far is porta palazzo"), name: "Drogheria Porta Palazzo"))
    // A drink or a word shared with another name does not name a place.
    #expect(!MokaPlaceFollowUps.mentions(Utterance("where can I get a bicerin"), name: "Bicerin di Piazza Vittorio"))
    #expect(!MokaPlaceFollowUps.mentions(Utterance("Bar Porta Nuova hours"), name: "Drogheria Porta Palazzo"))
  }

  @Test func aClosedPlaceSaysWhenItOpensNext() async throws {
    // Sunday 2026-11-29, 11:00 in Turin: the hardware shop is closed all day, open Monday 15:00.
    let data = try MokaFixtures.data()
    let output = try await NearbyCafesTool(data: data).call(
      arguments: .init(GeneratedContent(json: #"{"need":"gear","item":"valve","openNow":false,"limit":3}"#)))
    let shop = try #require(output.places.first)
    #expect(shop.openNow == false)
    #expect(shop.hoursToday == "closed")
    #expect(shop.nextOpening == "tomorrow, Monday, 15:00-19:00")
    #expect(output.places.allSatisfy { $0.openNow == ($0.nextOpening == nil) })
    #expect(NearbyCafesTool.nextOpening(["mon": "09:00-12:00"], weekday: "mon", minutes: 8 * 60) == "today 09:00-12:00")
    #expect(NearbyCafesTool.nextOpening(["wed": "09:00-12:00"], weekday: "mon", minutes: 13 * 60) == "Wednesday 09:00-12:00")
    #expect(NearbyCafesTool.nextOpening([:], weekday: "mon", minutes: 0) == nil)
  }

  @Test func beanFollowUpsFilterThePreviousResults() async throws {
    let chat = try chat()
    let first = try await chat.send("Show me five beans from Ethiopia")
    let beans = outputs(first, as: SearchBeansTool.Output.self).flatMap(\.beans)
    #expect(beans.count > 1)
    let naturals = beans.filter { $0.process == "natural" }
    try #require(!naturals.isEmpty && naturals.count < beans.count)

    let filtered = try await chat.send("which of those are naturals?")
    #expect(filtered.response.toolCalls.isEmpty)
    for bean in beans { #expect(filtered.response.content.contains(bean.name) == (bean.process == "natural")) }

    // A filter none of them meets is a new search, not a "none of those".
    let honey = try await chat.send("which of those is honey processed?")
    #expect(honey.response.toolCalls.map(\.toolName) == ["searchBeans"])
  }

  @Test func itMeansTheBagTheConversationSingledOut() async throws {
    let chat = try chat()
    _ = try await chat.send("What's in my cupboard?")
    let oldest = try await chat.send("which one is the oldest?")
    #expect(oldest.response.toolCalls.isEmpty)
    #expect(oldest.response.content.contains("Santos"))
    // "It" is the bag just singled out, counted at the pot size asked.
    let brews = try await chat.send("how many 6-cup brews are left in it?")
    #expect(brews.response.toolCalls.isEmpty)
    #expect(brews.response.content.contains("Santos: 210 g is enough for 7 brews in a 6-cup pot"))
    #expect(!brews.response.content.contains("Kochere"))
    // A brewing problem is never answered from the cupboard.
    let problem = try await chat.send("it tastes sour though")
    #expect(problem.response.toolCalls.map(\.toolName) == ["brewAdvice"])
  }

  @Test func groundingStatesTheFollowUpAnswerAlone() throws {
    let output = NearbyCafesTool.Output(
      status: .ok,
      places: [
        .init(name: "Bar Uno", kind: "cafe", address: "Via Uno 1", hoursToday: "07:00-12:00", distanceKm: 0.2, openNow: true),
        .init(
          name: "Bottega Due", kind: "shop", address: "Via Due 2", hoursToday: "closed", distanceKm: 0.9, openNow: false,
          nextOpening: "tomorrow, Monday, 09:00-13:00"),
      ])
    let call = Transcript.ToolCall(id: "c1", toolName: "nearbyCafes", arguments: GeneratedContent(properties: ["need": "any"]))
    let turn: [Transcript.Entry] = [
      .prompt(Transcript.Prompt(id: "p1", segments: [.text("cafes near me")])),
      .toolCalls(Transcript.ToolCalls(id: "t1", calls: [call])),
      .toolOutput(Transcript.ToolOutput(id: "c1", toolName: "nearbyCafes", segments: [.structure(output.generatedContent)])),
    ]
    // Grounding the turn's own question lists each place for the model to pick.
    #expect(MokaGrounding.statements("cafes near me", turn).count == 2)
    // A follow-up grounded on that turn gets the one answer the outputs give, required.
    let followUp = MokaGrounding.statements("when does the second one open?", turn)
    #expect(followUp.count == 1)
    #expect(followUp.first?.isRequired == true)
    #expect(followUp.first?.text.contains("Bottega Due") == true)
    #expect(followUp.first?.text.contains("next open tomorrow, Monday, 09:00-13:00") == true)
  }
}
