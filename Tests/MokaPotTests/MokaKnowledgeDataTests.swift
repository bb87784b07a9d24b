import Foundation
import RistrettoFixtures
import RistrettoRules
import Testing

@testable import MokaPot

@Suite("Moka knowledge and terms as data")
struct MokaKnowledgeDataTests {
  /// The topics the labelled questions name.
  func labelledTopics() throws -> Set<String> {
    let text = String(decoding: try BundledFixtures.data("knowledge-topics.jsonl"), as: UTF8.self)
    var labels: Set<String> = []
    for line in text.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      if let topic = object?["topic"] as? String { labels.insert(topic) }
    }
    return labels
  }

  @Test func everyLabelledTopicHasAnAnswerAndEveryAnswerALabel() throws {
    let labels = try labelledTopics()
    let topics = Set(MokaKnowledge.topics.map(\.name))
    #expect(labels.subtracting(topics).isEmpty, "labelled topics with no answer: \(labels.subtracting(topics))")
    #expect(topics.subtracting(labels).isEmpty, "topics no labelled question asks: \(topics.subtracting(labels))")
    #expect(MokaKnowledge.topics.count == topics.count, "a topic is both written in code and in knowledge.json")
  }

  @Test func theWrittenAnswersLoadAndAreSentences() {
    #expect(MokaKnowledge.writtenAnswers.count >= 30)
    for (topic, text) in MokaKnowledge.writtenAnswers {
      #expect(text.count > 40 && (text.hasSuffix(".") || text.hasSuffix("!")), "\(topic): \(text)")
    }
  }

  @Test func aQuestionOfAFixedTopicIsAnsweredFromTheData() throws {
    let text = try #require(MokaKnowledge.writtenAnswers["fillLevel"])
    let answer = MokaKnowledge.answer(Utterance("how high should I fill the water in the bottom?"), RuleContext())
    #expect(answer == text)
  }

  @Test func theTermsLoadAndNameOnlyValuesTheToolsTake() {
    let terms = MokaVocabulary.terms
    #expect(terms.origins.count >= 30 && terms.flavours.count >= 10 && !terms.price.isEmpty && !terms.decaf.isEmpty)
    #expect(Set(terms.roasts.map(\.value)) == Set(SearchBeansTool.Arguments.Roast.allCases.map(\.rawValue)))
    #expect(Set(terms.processes.map(\.value)) == Set(SearchBeansTool.Arguments.Process.allCases.map(\.rawValue)))
    let problems = Set(BrewAdviceTool.Arguments.Problem.allCases.map(\.rawValue)).subtracting(["none"])
    #expect(Set(terms.problems.map(\.value)) == problems)
    for entry in terms.origins + terms.roasts + terms.processes + terms.flavours + terms.problems {
      #expect(!entry.words.isEmpty, "\(entry.value) has no words")
    }
  }

  @Test func anItalianStyleAsksForABlend() {
    #expect(MokaVocabulary.origin(in: Utterance("something classic italian for my moka")) == "Blend")
  }
}
