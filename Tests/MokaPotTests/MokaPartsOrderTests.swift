import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// A question's parts answered in order, bags chosen for a pot, pot sizes in words, prices
/// compared, places and bags linked, and another origin asked after a search.
@Suite("Moka parts in order, bags and places linked")
struct MokaPartsOrderTests {
  @Test func theCupboardAskedFirstIsListedFirst() async throws {
    let reply = try await MokaFixtures.rulesChat().send("what do I have in my cupboard, and the recipe for my 9-cup?")
    let tools = MokaFixtures.calls(reply).map(\.tool)
    #expect(tools.first == "cupboard", "\(tools)")
    #expect(reply.response.content.contains("In your cupboard"), "\(reply.response.content)")
    #expect(tools.contains("brewAdvice"), "\(tools)")
  }

  @Test func twoRequestsAreCalledInTheOrderAsked() async throws {
    let reply = try await MokaFixtures.rulesChat().send("how much coffee goes in a 6-cup, and which roaster near me is open now?")
    let tools = MokaFixtures.calls(reply).map(\.tool)
    #expect(tools == ["brewAdvice", "nearbyCafes"], "\(tools)")
    let answer = reply.response.content
    let dose = try #require(answer.range(of: "30 g"), "\(answer)")
    let places = try #require(answer.range(of: "Nearby"), "\(answer)")
    #expect(dose.lowerBound < places.lowerBound, "\(answer)")
    // A clause that sets a condition asks nothing first.
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("where could I buy a 6-cup moka?")
    let later = try await chat.send("once it's here, how much coffee goes in?")
    #expect(MokaFixtures.calls(later).first?.tool == "brewAdvice", "\(MokaFixtures.calls(later))")
  }

  @Test func whatToBrewTodayIsABagAndABagForAPotItsRecipe() async throws {
    let today = try await MokaFixtures.rulesChat().send("what can I brew today?")
    #expect(MokaFixtures.calls(today).first?.tool == "cupboard", "\(MokaFixtures.calls(today))")
    #expect(MokaToolRules.choosesBagForPot(Utterance("the Santos then, in my 6-cup")))
    #expect(!MokaToolRules.choosesBagForPot(Utterance("help me dial in the Santos in my 6-cup")))
    #expect(!MokaToolRules.choosesBagForPot(Utterance("is the Santos enough for my 6-cup?")))
  }

  @Test func potSizesInWords() {
    #expect(MokaToolRules.cups(in: Utterance("how many single-cup pots does it make?")) == 1)
    #expect(MokaToolRules.cups(in: Utterance("brewing coffee for ten in one pot")) == 12)
    #expect(MokaToolRules.cups(in: Utterance("coffee for 2 weeks")) == nil)
  }

  @Test func pricesComparedShowTheBeansWithNoPrices() async throws {
    let reply = try await MokaFixtures.rulesChat().send("what is the cheapest Colombian you list?")
    #expect(MokaFixtures.calls(reply).first?.tool == "searchBeans", "\(MokaFixtures.calls(reply))")
    #expect(reply.response.content.contains("no prices"), "\(reply.response.content)")
  }

  @Test func theCaribbeanAndTheGasketsSizeAndHowThePotWorks() {
    #expect(MokaVocabulary.origin(in: Utterance("anything Caribbean?")) == "Caribbean")
    #expect(MokaKnowledge.topic(Utterance("which size of gasket fits my 3-cup?")) == "partSize")
    #expect(MokaKnowledge.topic(Utterance("could you explain how the moka works?")) == "howItWorks")
  }

  @Test func bagsFromThePlacesJustShown() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("which roasters are near me?")
    let from = try await chat.send("did any of my bags come from one of those places?")
    #expect(MokaFixtures.calls(from).first?.arguments.contains("\"action\":\"list\"") == true, "\(MokaFixtures.calls(from))")
    #expect(from.response.content.hasPrefix("From those places:"), "\(from.response.content)")
  }

  @Test func aPlaceNamedAndWhatItSells() async throws {
    let reply = try await MokaFixtures.rulesChat().send("Is Bar Porta Nuova open, and does it sell bicerin?")
    #expect(reply.response.content.contains("Yes: Bar Porta Nuova sells bicerin"), "\(reply.response.content)")
    #expect(reply.response.content.contains("espresso, marocchino, bicerin"), "\(reply.response.content)")
  }

  @Test func theTwoShownComparedAndAnotherOriginSearched() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("a washed and a natural from Ethiopia?")
    let two = try await chat.send("how do the two differ?")
    #expect(MokaFixtures.calls(two).isEmpty, "\(MokaFixtures.calls(two))")
    _ = try await chat.send("light washed beans from Kenya")
    let other = try await chat.send("more like those, but from another country")
    let call = try #require(MokaFixtures.calls(other).first)
    #expect(call.tool == "searchBeans")
    #expect(!call.arguments.contains("Kenya") && call.arguments.contains("\"roast\":\"light\""), "\(call.arguments)")
  }
}

/// Names the data does not hold, options of flavours, two bags compared, places named anew,
/// and the parts of the pot asked about by size.
@Suite("Moka names, options and two bags")
struct NameIndexAndChoicesTests {
  @Test func aNameAskedForThatTheCorpusLacksIsSearchedAndSaidAbsent() async throws {
    #expect(MokaToolRules.unknownOrigin(in: Utterance("Do you have Blue Ridge Reserve?")) == "Blue Ridge Reserve")
    #expect(MokaToolRules.unknownOrigin(in: Utterance("Do you have Kenyan beans?")) == nil)
    #expect(MokaToolRules.capitalisedName(Utterance("how much Kochere is left?")) == "Kochere")
  }

  @Test func notSureWhatOneLikesOffersFlavoursToPick() async throws {
    let reply = try await MokaFixtures.rulesChat().send("no idea what I like, give me a few options to choose from")
    #expect(MokaFixtures.calls(reply).first?.tool == "offerChoices", "\(MokaFixtures.calls(reply))")
    #expect(reply.response.content.contains("Chocolate and nuts"), "\(reply.response.content)")
  }

  @Test func twoBagsComparedAreEachComparedWithTheirReference() async throws {
    let reply = try await MokaFixtures.rulesChat().send("compare my Huila and my Kochere with their reference beans")
    let bags = MokaFixtures.calls(reply).filter { $0.tool == "cupboard" }.map(\.arguments)
    #expect(bags.count == 2, "\(bags)")
    #expect(bags.allSatisfy { $0.contains("compare") }, "\(bags)")
  }

  @Test func aPlaceNamedThatWasNotShownIsSearched() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("any cafe open near me?")
    let other = try await chat.send("and Il Macinino, when does it open?")
    #expect(MokaFixtures.calls(other).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(other))")
  }

  @Test func aBeanIdIsNeverShownAsItIs() async throws {
    var data = try MokaFixtures.data()
    data.beans = []
    let output = try await CupboardTool(data: data).call(arguments: .init(GeneratedContent(properties: ["action": "list"])))
    #expect(output.bags.allSatisfy { !$0.bean.contains("-") }, "\(output.bags.map(\.bean))")
  }
}
