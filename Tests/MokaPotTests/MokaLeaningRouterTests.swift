import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// A clear request outweighs a router that only leans, where to get something is read from its
/// words, and coffee that will not rise is a brewing problem however it is put.
@Suite("Moka router leanings and requests read from their words")
struct MokaLeaningRouterTests {
  static func routing() throws -> MokaRouting {
    let data = try MokaFixtures.data()
    return MokaRouting(MokaRouter.classifier(data: data), data: data)
  }

  /// The specialty the moka router picks for `question` opening a conversation.
  static func route(_ question: String) throws -> String {
    try routing().classify(Utterance(question), cases: MokaSpecialty.allCases.map(\.rawValue)).answer
  }

  @Test func aClearRequestOutweighsALeaning() throws {
    let routing = try Self.routing()
    let buying = Utterance("so where could I buy some more of that?")
    #expect(routing.ownerOfAskedTool(buying, leaning: "general") == "shopping")
    #expect(routing.ownerOfAskedTool(buying, leaning: "cupboard") == "shopping")
    // The specialist leaned to holds the tool: no change.
    #expect(routing.ownerOfAskedTool(buying, leaning: "shopping") == nil)
    // An unsure router falls back as before.
    #expect(routing.ownerOfAskedTool(buying, leaning: "unsure") == nil)
    // Brewing advice never moves a leaning: its words also describe beans.
    #expect(routing.ownerOfAskedTool(Utterance("which one is the least acidic?"), leaning: "beans") == nil)
  }

  @Test func moreOfABagIsBoughtAtAPlaceAfterTheCupboard() async throws {
    let chat = try MokaFixtures.rulesChat()
    let bag = try await chat.send("is my Huila bag running low?")
    #expect(MokaFixtures.calls(bag).first?.tool == "cupboard", "\(MokaFixtures.calls(bag))")
    let more = try await chat.send("alright, so where could I get hold of more of it?")
    #expect(MokaFixtures.calls(more).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(more))")
    #expect(more.specialty != .cupboard)
    let leaning = try MokaFixtures.rulesChat()
    _ = try await leaning.send("what is left of my Huila bag?")
    // (A router leaning to general under the chat's switch confidence leans: the tool decides.)
    let more2 = try await leaning.send("so where'd I pick up more of it?")
    #expect(MokaFixtures.calls(more2).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(more2))")
    let contracted = try await chat.send("where'd I pick up another bag?")
    #expect(MokaFixtures.calls(contracted).first?.tool == "nearbyCafes", "\(MokaFixtures.calls(contracted))")
  }

  @Test func whereToGetOpensTheQuestion() {
    #expect(MokaToolRules.asksWhereToGet(Utterance("where'd I find a spare one?")))
    #expect(MokaToolRules.asksWhereToGet(Utterance("ok so where should we order from")))
    #expect(!MokaToolRules.asksWhereToGet(Utterance("suggest a washed bean and tell me where I can buy it")))
    #expect(!MokaToolRules.asksWhereToGet(Utterance("where does this bean grow?")))
  }

  @Test func coffeeThatWillNotRiseIsNoFlow() {
    #expect(MokaVocabulary.problem(in: Utterance("the pot is not pushing the coffee up any more")) == "noFlow")
    #expect(MokaVocabulary.problem(in: Utterance("my moka never rises, the water just sits there")) == "noFlow")
    #expect(MokaVocabulary.problem(in: Utterance("nothing flowery please, something nutty")) == nil)
    #expect(MokaVocabulary.problem(in: Utterance("does the price rise in winter?")) == nil)
  }

  @Test func thePriceOfThingsInThePlural() {
    #expect(MokaVocabulary.mentionsPrice(Utterance("how much are steel moka pots usually?")))
    #expect(!MokaVocabulary.mentionsPrice(Utterance("how much are the grams per pot?")))
  }

  @Test func workingOutWhatOneLikesIsTheQuiz() async throws {
    let reply = try await MokaFixtures.rulesChat().send("could you help me figure out which beans suit me?")
    #expect(MokaFixtures.calls(reply).first?.tool == "tasteQuiz", "\(MokaFixtures.calls(reply))")
  }
}
