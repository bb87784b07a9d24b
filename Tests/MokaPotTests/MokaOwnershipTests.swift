import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Whether the user owns what was shown, beans by species, likes as written, prices as web
/// queries, drinks at a cafe, and a bag's dose or age asked after other turns.
@Suite("Moka answers owning, species, prices and drinks")
struct MokaOwnershipTests {
  @Test func owningAnyOfTheBeansShownChecksEachAgainstTheBags() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("light washed Ethiopian beans, please")
    let owned = try await chat.send("do I already own any of these?")
    #expect(MokaFixtures.calls(owned).first?.arguments.contains("\"action\":\"list\"") == true, "\(MokaFixtures.calls(owned))")
    #expect(owned.response.content.hasPrefix("Yes: Kochere"), "\(owned.response.content)")
  }

  @Test func beansLikeThoseAreMatchedOnTheSearchsFilters() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("show me anaerobic beans")
    let like = try await chat.send("do I own something like those?")
    // The learned router leans to beans (0.49 against the cupboard's 0.31): no labelled example
    // asks whether the user owns beans like those just shown.
    withKnownIssue("owning beans like those shown is routed to the bean search") {
      #expect(
        like.response.content.hasPrefix("No: none of your bags is like that (anaerobic process)"), "\(like.response.content)")
    }
  }

  @Test func theOnePickedByAComparativeIsTheOneAskedAbout() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("beans from Yemen?")
    let lighter = try await chat.send("and the lighter roasted one, what is it like?")
    #expect(MokaFixtures.calls(lighter).isEmpty, "\(MokaFixtures.calls(lighter))")
    #expect(lighter.response.content.contains("Bani Matar"), "\(lighter.response.content)")
    #expect(!lighter.response.content.contains("Haraz"), "\(lighter.response.content)")
  }

  @Test func robustaIsASpeciesFilterAndItalianAKickNotAnOrigin() async throws {
    let arguments = MokaToolRules.searchArguments(
      Utterance("Show me robusta beans, I want that Italian punch"), context: RuleContext())
    #expect(MokaAnswers.string(arguments, "species") == "robusta")
    #expect(MokaAnswers.string(arguments, "origin") == nil)
    #expect(MokaVocabulary.species(in: Utterance("no robusta please")) == "arabica")
    #expect(MokaVocabulary.species(in: Utterance("arabica or robusta, which is better?")) == nil)
    let found = try await SearchBeansTool(data: try MokaFixtures.data()).call(
      arguments: .init(GeneratedContent(properties: ["species": "robusta", "notes": [String](), "limit": 5])))
    let data = try MokaFixtures.data()
    let robusta = Set(data.beans.filter { $0.variety.lowercased().contains("robusta") }.map(\.name))
    #expect(found.beans.count == 5)
    #expect(found.beans.allSatisfy { robusta.contains($0.name) }, "\(found.beans.map(\.name))")
  }

  @Test func likesAreOneEachAsWrittenAndAChocolateByItsKind() {
    #expect(
      MokaVocabulary.likes(in: Utterance("I enjoy nuts, toffee and milk chocolate")) == [
        "nuts", "toffee", "milk chocolate",
      ])
    #expect(MokaVocabulary.likes(in: Utterance("berries and strawberries")) == ["berries", "strawberry"])
  }

  @Test func aPriceIsSearchedOnTheWebAsItsSubject() async throws {
    #expect(MokaToolRules.searchQuery(Utterance("How much does the Panama Gesha cost?")) == "Panama Gesha price")
    #expect(MokaToolRules.searchQuery(Utterance("search the web for moka gaskets")) == "moka gaskets")
    let reply = try await MokaFixtures.rulesChat().send("How much is a 6-cup Bialetti nowadays?")
    #expect(MokaFixtures.calls(reply).first?.tool == "webSearch", "\(MokaFixtures.calls(reply))")
    #expect(MokaFixtures.calls(reply).first?.arguments.contains("6-cup Bialetti price") == true)
  }

  @Test func aDecafToDrinkIsACafesNotAShopsBeans() async throws {
    let reply = try await MokaFixtures.rulesChat().send("Where could I sit down for a decaf latte?")
    let call = try #require(MokaFixtures.calls(reply).first)
    #expect(call.arguments.contains("\"need\":\"espresso\""), "\(call.arguments)")
    #expect(reply.response.content.contains("San Salvario"), "\(reply.response.content)")
    #expect(!reply.response.content.contains("Drogheria"), "\(reply.response.content)")
  }

  @Test func aDoseForAPotSizeAfterTheBagsIsTheRecipe() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("is my Santos still fresh?")
    let dose = try await chat.send("and how much of it in a 6 cup pot?")
    #expect(MokaFixtures.calls(dose).first?.tool == "brewAdvice", "\(MokaFixtures.calls(dose))")
    #expect(dose.response.content.contains("30 g"), "\(dose.response.content)")
    let nine = try await MokaFixtures.rulesChat().send("how much goes in a 9-cup?")
    #expect(nine.response.content.contains("42 g"), "\(nine.response.content)")
  }

  @Test func aTasteBlamedOnABagsAgeLooksAtTheBagFirst() async throws {
    let reply = try await MokaFixtures.rulesChat().send("why is my Santos so bitter, is it stale?")
    #expect(MokaFixtures.calls(reply).map(\.tool) == ["cupboard", "brewAdvice"], "\(MokaFixtures.calls(reply))")
    #expect(reply.response.content.contains("stale"), "\(reply.response.content)")
  }

  @Test func theBagThatRunsOutFirstIsTheOneWithLeastLeft() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("total coffee left in my cupboard?")
    let first = try await chat.send("so which one runs out first?")
    #expect(MokaFixtures.calls(first).isEmpty, "\(MokaFixtures.calls(first))")
    #expect(first.response.content.hasPrefix("The Mandheling is nearly gone"), "\(first.response.content)")
  }

  @Test func aNamedBagOfTheUsersIsTheCupboardsAndAComparativeNamesNone() async throws {
    let unknown = try await MokaFixtures.rulesChat().send("how is my Hawaiian Kona bag doing?")
    #expect(MokaFixtures.calls(unknown).first?.tool == "cupboard", "\(MokaFixtures.calls(unknown))")
    #expect(unknown.response.content.contains("no bag called Kona"), "\(unknown.response.content)")
    #expect(MokaToolRules.baggedName(Utterance("is there an older bag I should open?")) == nil)
  }

  @Test func aLatteAndAPeaberryAreAnsweredFromKnowledge() {
    #expect(MokaKnowledge.topic(Utterance("how do I make a cappuccino with my moka?")) == "milkDrinks")
    #expect(MokaKnowledge.topic(Utterance("wot is a peaberry?")) == "peaberry")
  }
}
