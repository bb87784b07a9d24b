import Foundation
import Ristretto
import RistrettoRules
import Testing

@testable import MokaPot

/// Questions in Italian and Spanish, read through the bundled glossary by the same rules as English ones.
@Suite("Moka questions in Italian and Spanish")
struct MokaGlossaryTests {
  @Test func anItalianSearchReadsItsOriginAndProcess() async throws {
    let reply = try await MokaFixtures.rulesChat().send("mi consigli un caffè lavato dell'Etiopia?")
    let call = try #require(MokaFixtures.calls(reply).first)
    #expect(call.tool == "searchBeans", "\(MokaFixtures.calls(reply))")
    #expect(call.arguments.contains("Ethiopia") && call.arguments.contains("washed"), "\(call.arguments)")
  }

  @Test func aSpanishDoseReadsThePotSize() async throws {
    let reply = try await MokaFixtures.rulesChat().send("¿cuántos gramos pongo en la cafetera de 6 tazas?")
    #expect(MokaFixtures.calls(reply).first?.tool == "brewAdvice", "\(MokaFixtures.calls(reply))")
    #expect(reply.response.content.contains("30 g"), "\(reply.response.content)")
  }

  @Test func theDataNamesAreNeverGlossed() throws {
    let glossary = MokaGlossary.glossary(try MokaFixtures.data())
    #expect(glossary.gloss(Utterance.normalize("il caffè del Caffè Lanterna")) == ["the", "coffee", "of", "caffe", "lanterna"])
  }
}
