import Foundation
import Ristretto
import RistrettoTesting
import Testing

@Suite("Foundation Models surface: use cases, languages, tool-call entries")
struct FoundationModelsSurfaceTests {
  @Test func aUseCaseModelRecordsItsUseCaseAndAnswersWithTheBackendItIsGiven() async throws {
    let model = SystemLanguageModel(useCase: .contentTagging, guardrails: .permissiveContentTransformations)
    #expect(model.useCase == .contentTagging && model.guardrails == .permissiveContentTransformations)
    model.use(FakeModel.fixed("tagged"))
    let session = LanguageModelSession(model: model, instructions: "Tag it.")
    #expect(try await session.respond(to: "coffee").content == "tagged")
  }

  @Test func theDefaultModelIsNamedAsAnImplicitMember() {
    let session = LanguageModelSession(model: .default, tools: []) { "Be brief." }
    #expect(session.transcript.count == 1)
  }

  @Test func localesAreSupportedWhenTheAppDeclaresTheirLanguage() {
    let model = SystemLanguageModel()
    #expect(model.supportsLocale(Locale(identifier: "en_GB")) && !model.supportsLocale(Locale(identifier: "it_IT")))
    model.supportedLanguages.insert(Locale.Language(identifier: "it"))
    #expect(model.supportsLocale(Locale(identifier: "it_IT")) && model.supportedLanguages.count == 2)
  }

  @Test func aToolCallsEntryIsTheCollectionOfItsCalls() {
    let calls = Transcript.ToolCalls(
      id: "r", calls: [.init(id: "1", toolName: "a", arguments: [:]), .init(id: "2", toolName: "b", arguments: [:])])
    #expect(calls.count == 2 && calls.map(\.toolName) == ["a", "b"] && calls[1].id == "2")
  }

  @Test func generationIDsAreUnique() {
    #expect(GenerationID() != GenerationID())
  }
}
