import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// What a follow-up points at: all of the user's bags, something only like the beans shown, the
/// place singled out before, a bean named by a word of its name, the price of what was shown.
@Suite("Moka follow-ups point at the right thing")
struct MokaPointersTests {
  @Test func theUsersBagsAsAWholeAreAllOfThem() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("any beans from Panama?")
    let bags = try await chat.send("and which of my bags is the oldest?")
    #expect(MokaFixtures.calls(bags).first?.arguments.contains("\"action\":\"list\"") == true, "\(MokaFixtures.calls(bags))")
    #expect(!bags.response.content.contains("no bag called"), "\(bags.response.content)")
  }

  @Test func somethingLikeTheBeansShownIsNotThoseBeans() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("show me some Kenyan coffees")
    let owned = try await chat.send("do I have anything fruity like that at home?")
    #expect(MokaFixtures.calls(owned).first?.arguments.contains("\"action\":\"list\"") == true, "\(MokaFixtures.calls(owned))")
  }

  @Test func aBeanNamedByAWordOfItsNameIsSearchedByItsCountry() throws {
    let tags = MokaTags(data: try MokaFixtures.data())
    #expect(tags.countriesByBeanWord["gesha"] == "Panama")
    let arguments = MokaToolRules.searchArguments(
      Utterance("what's the Pacamara like?"), context: RuleContext(), regions: tags.regions,
      beanCountries: tags.countriesByBeanWord)
    #expect(MokaAnswers.string(arguments, "origin") == "El Salvador")
  }

  @Test func howMuchIsItAfterBeansAsksTheirPrice() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("show me washed beans from Ethiopia")
    let price = try await chat.send("how much are they?")
    #expect(MokaFixtures.calls(price).allSatisfy { $0.tool != "cupboard" }, "\(MokaFixtures.calls(price))")
    #expect(price.response.content.contains("no prices"), "\(price.response.content)")
  }

  @Test func whetherThePlaceSingledOutSellsSomethingIsAnsweredYesOrNo() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("any cafe open near me?")
    _ = try await chat.send("how far is the nearest one?")
    let sells = try await chat.send("does it sell beans?")
    #expect(sells.response.content.hasPrefix("Yes: Caffè Lanterna sells beans"), "\(sells.response.content)")
  }

  @Test func whatToDoAfterTheValveHissesIsTheSafetyAnswer() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("the safety valve on my moka is whistling and spraying steam")
    let now = try await chat.send("what do I do now?")
    #expect(now.response.content.contains("off the heat"), "\(now.response.content)")
  }

  @Test func anAmountForAPotSizeIsItsDose() throws {
    #expect(try MokaLeaningRouterTests.route("how much for a 6 cup") == "general")
  }
}
