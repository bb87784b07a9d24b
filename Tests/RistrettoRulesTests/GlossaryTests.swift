import Ristretto
import Testing

@testable import RistrettoRules

@Suite("Glossary")
struct GlossaryTests {
  let glossary = Glossary(
    ["quanti": "how many", "quanti grammi": "how many grams", "caffè": "coffee", "tostato scuro": "dark roast"],
    keeping: ["Caffè Lanterna"])

  @Test func phrasesReadAsTheirMeaningLongestFirst() {
    #expect(glossary.gloss(Utterance.normalize("Quanti grammi di caffè?")) == ["how", "many", "grams", "di", "coffee"])
    #expect(glossary.gloss(Utterance.normalize("quanti sacchetti")) == ["how", "many", "sacchetti"])
    #expect(glossary.gloss(Utterance.normalize("qualcosa di TOSTATO scuro")) == ["qualcosa", "di", "dark", "roast"])
  }

  @Test func anElisionPartsWhereAnEnglishContractionJoins() {
    #expect(Utterance.normalize("dell'Etiopia, c’è?") == ["dell", "etiopia", "c", "e"])
    #expect(
      Utterance.normalize("I don't know, it's what we'd say; we're fine") == [
        "i", "dont", "know", "its", "what", "wed", "say", "were", "fine",
      ])
    #expect(Utterance.normalize("'90s beans' roast") == ["90s", "beans", "roast"])
  }

  @Test func namesAreKeptWhereverTheyOccur() {
    #expect(glossary.gloss(Utterance.normalize("il caffè del Caffè Lanterna")) == ["il", "coffee", "del", "caffe", "lanterna"])
  }

  @Test func anUtteranceKeepsItsTextAndMatchesTheGlossedWords() {
    let question = Utterance("quanti grammi per la moka?", glossary: glossary)
    #expect(question.original == "quanti grammi per la moka?")
    #expect(question.matches(Phrase("how many grams", fuzzy: false)))
    #expect(Utterance("quanti grammi", glossary: nil).words == ["quanti", "grammi"])
    #expect(Glossary([:]).isEmpty && !glossary.isEmpty)
  }

  @Test func theRuleBasedModelGlossesTheQuestionBeforeItsRules() async throws {
    var book = RuleBook(
      classifier: Classifier(phrases: ["beans": [Phrase("dark roast")]]), toolRules: [],
      answer: { _, _, _ in .reply("") },
      reply: { question, _, _ in question.matches(Phrase("dark roast", fuzzy: false)) ? "a dark roast" : "no idea" })
    let model = RuleBasedModel(rules: book, tokenizer: ApproximateTokenizer())
    let plain = try await LanguageModelSession(model: model).respond(to: "qualcosa di tostato scuro?")
    #expect(plain.content == "no idea")
    book.glossary = glossary
    let glossed = try await LanguageModelSession(model: RuleBasedModel(rules: book, tokenizer: ApproximateTokenizer())).respond(
      to: "qualcosa di tostato scuro?")
    #expect(glossed.content == "a dark roast")
  }
}
