import Foundation
import RistrettoFixtures
import RistrettoRules
import Testing

@testable import MokaPot

@Suite("Moka knowledge as data")
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

  @Test func aFixedAnswerIsGivenFromTheData() throws {
    let topic = try #require(MokaKnowledge.topicsByName["fillLevel"])
    #expect(topic.answer(Utterance("how full do i fill the bottom")) == MokaKnowledge.writtenAnswers["fillLevel"])
  }
}
