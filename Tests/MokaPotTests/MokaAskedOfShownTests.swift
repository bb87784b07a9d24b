import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Beans wanted with less of a taste, a bag's recipe, prices and totals, the place a
/// part is sold when a leak is only stated, and beans of one origin among those shown.
@Suite("Moka questions read from their words and from what was shown")
struct MokaAskedOfShownTests {
  @Test func lessOfATasteInABeanIsNoBrewingProblem() {
    #expect(MokaVocabulary.problem(in: Utterance("suggest a bean less bitter than this one")) == nil)
    #expect(MokaVocabulary.problem(in: Utterance("tips to make it less bitter in my pot?")) == "bitter")
    #expect(MokaVocabulary.problem(in: Utterance("my brew is bitter, how do I fix it?")) == "bitter")
  }

  @Test func howToBrewABagInAPotIsItsRecipe() async throws {
    let recipe = try await MokaFixtures.rulesChat().send("what's the best way to brew the Antigua in the 9-cup?")
    #expect(MokaFixtures.calls(recipe).first?.tool == "brewAdvice", "\(MokaFixtures.calls(recipe))")
    #expect(MokaToolRules.asksHowToBrewABag(Utterance("how would I brew the Huila in a 2-cup?")))
    #expect(!MokaToolRules.asksHowToBrewABag(Utterance("help me dial in the Huila in a 2-cup")))
    #expect(!MokaToolRules.asksHowToBrewABag(Utterance("how do I brew the Huila in a 2-cup, and is it fresh?")))
  }

  @Test func pricesAskedWithWouldAndTotalsThatAreNoPrice() {
    #expect(MokaVocabulary.mentionsPrice(Utterance("how much would a kilo of Kona be?")))
    #expect(!MokaVocabulary.mentionsPrice(Utterance("how much is that altogether?")))
    #expect(MokaToolRules.asksWhereToGet(Utterance("I'll order a steel pot. where?")))
  }

  @Test func aLeakStatedBesideWhereToGetThePartFindsThePart() async throws {
    let part = try await MokaFixtures.rulesChat().send("it drips at the seam; where's a new seal sold near me?")
    #expect(MokaFixtures.calls(part).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(part))")
    let fix = try await MokaFixtures.rulesChat().send("it drips at the seam: how do I fix that, and where do I buy a seal?")
    #expect(MokaFixtures.calls(fix).first?.tool == "brewAdvice", "\(MokaFixtures.calls(fix))")
  }

  @Test func beansOfOneOriginAmongThoseShown() async throws {
    let chat = try MokaFixtures.rulesChat()
    _ = try await chat.send("fruity light roasts please")
    let pick = try await chat.send("the Ethiopian ones - anything with jasmine?")
    #expect(MokaFixtures.calls(pick).isEmpty, "\(MokaFixtures.calls(pick))")
    #expect(pick.response.content.contains("Kochere"), "\(pick.response.content)")
  }

  @Test func fixingATasteAndANewPotAreBrewingWhateverBeansTheyName() throws {
    #expect(try MokaLeaningRouterTests.route("tips to make a dark roast less harsh in the pot?") == "general")
    #expect(try MokaLeaningRouterTests.route("I have a brand new moka: what should I do before I use it?") == "general")
    #expect(try MokaLeaningRouterTests.route("where do I buy a brand new moka before Sunday?") == "shopping")
  }
}
