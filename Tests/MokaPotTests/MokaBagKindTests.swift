import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// The user's bags asked about by kind (a roast, a process), by date, by taste, and through "it"
/// after an answer that named several: answered from the bag card's reference roast and process,
/// its dates and its freshness.
@Suite("Moka bags by kind, date and taste")
struct MokaBagKindTests {
  func chat() throws -> SpecialistChat<MokaSpecialty> { try MokaFixtures.rulesChat() }
  func calls(_ reply: SpecialistChat<MokaSpecialty>.Reply) -> [(tool: String, arguments: String)] { MokaFixtures.calls(reply) }

  @Test func theBagCardCarriesItsBeansRoastProcessAndDates() async throws {
    let data = try MokaFixtures.data()
    let tool = CupboardTool(data: data)
    let output = try await tool.call(arguments: .init(try GeneratedContent(json: #"{"action":"detail","bag":"Kochere"}"#)))
    let card = try #require(output.bags.first)
    #expect(card.roast == "light")
    #expect(card.process == "washed")
    #expect(card.roastedOn == "2026-11-02")
    #expect(card.openedOn == "2026-11-10")
    let sealed = try await tool.call(arguments: .init(try GeneratedContent(json: #"{"action":"detail","bag":"Napoletano"}"#)))
    #expect(sealed.bags.first?.openedOn == nil)
  }

  @Test func aRoastAskedOfTheCupboardListsTheBagsOfThatRoast() async throws {
    let reply = try await chat().send("what dark roasts do I have?")
    #expect(reply.specialty == .cupboard)
    #expect(calls(reply).first?.tool == "cupboard")
    let text = reply.response.content
    #expect(text.hasPrefix("Your bags that are a dark roast:"), "\(text)")
    for name in ["Santos", "Mandheling", "Napoletano"] { #expect(text.contains(name)) }
    for name in ["Kochere", "Huila", "Antigua"] { #expect(!text.contains(name), "\(text)") }
  }

  @Test func aProcessNoBagHasIsAnsweredNoWithEachBagsProcess() async throws {
    let reply = try await chat().send("do I have a honey-process bag at home?")
    // A kind of bag, not a bag called "Process": the list, not a look-up that fails.
    #expect(calls(reply).first?.arguments.contains("\"list\"") == true, "\(calls(reply))")
    #expect(reply.response.content.hasPrefix("No: none of your bags is honey-processed."), "\(reply.response.content)")
    #expect(reply.response.content.contains("Mandheling (wet-hulled)"))
  }

  @Test func whenABagWasOpenedIsAnsweredWithTheDate() async throws {
    let reply = try await chat().send("When did I open the Kochere?")
    #expect(reply.response.content.contains("on 2026-11-10"), "\(reply.response.content)")
  }

  @Test func howABagWouldTasteIsAskedOfTheBag() async throws {
    let reply = try await chat().send("would the Kochere be even more sour?")
    #expect(calls(reply).first?.tool == "cupboard", "\(calls(reply))")
    #expect(reply.response.content.contains("It is a light roast, naturally brighter and more acidic"))
  }

  @Test func itAfterAnAnswerThatNamedSeveralBagsIsTheOneItLedWith() async throws {
    let chat = try chat()
    let stale = try await chat.send("which of my bags has gone stale?")
    #expect(stale.response.content.hasPrefix("Stale, out of date: Santos"), "\(stale.response.content)")
    let verdict = try await chat.send("can I still use it in a moka?")
    #expect(calls(verdict).isEmpty)
    #expect(verdict.response.content.hasPrefix("Your Santos"), "\(verdict.response.content)")
    #expect(verdict.response.content.contains("safe to drink"))
  }

  @Test func theConversationsPotSizeCarriesToALaterProblem() async throws {
    let chat = try chat()
    _ = try await chat.send("I'm dialing in the Huila in my 2-cup")
    let sour = try await chat.send("first attempt came out sour")
    #expect(calls(sour).first?.tool == "brewAdvice")
    #expect(calls(sour).first?.arguments.contains("\"cups\":2") == true, "\(calls(sour))")
    #expect(sour.response.content.contains("10 g of coffee"))
  }

  @Test func decafAskedOfTheCupboardIsAnsweredFromTheBeansNames() async throws {
    let reply = try await chat().send("any decaf in my cupboard?")
    #expect(reply.response.content.hasPrefix("No: none of your bags is decaf."), "\(reply.response.content)")
  }

  @Test func whetherABagIsTheUsersIsAnsweredYes() async throws {
    let reply = try await chat().send("is the Guatemala Antigua one of my bags?")
    #expect(reply.response.content.hasPrefix("Yes, it is in your cupboard. Your Antigua"), "\(reply.response.content)")
  }

  @Test func dialingInABagSaysWhatItsRoastMeans() async throws {
    let reply = try await chat().send("help me dial in my Kochere for the 3 cup moka")
    #expect(reply.response.content.contains("It is a light roast: it brews bright and acidic"), "\(reply.response.content)")
  }

  @Test func theDoseForAPotSizeIsAnsweredAgainstTheBagShown() async throws {
    let chat = try chat()
    _ = try await chat.send("how is my Huila doing?")
    let dose = try await chat.send("how much of it do I need for the 9-cup?")
    #expect(
      dose.response.content.contains("5 brews in a 9-cup pot (42 g of coffee and 450 ml of water each)"),
      "\(dose.response.content)")
  }
}
