import Foundation
import Ristretto
import RistrettoTesting
import Testing

private struct Brew: GenerableObject, Decodable, Equatable {
  var grams: Int
  var note: String?
  static let properties = GenerableProperties<Brew> {
    GenerableProperty(\.grams, .range(10...30))
    GenerableProperty(\.note)
  }
}

private enum Roast: String, CaseIterable, Generable { case light, dark }

@Suite("Generated content identities, schemas built from types, response formats")
struct GenerationIdentityAndSchemaTypesTests {
  @Test func contentBuiltByHandHasNoIdentityAndIdentitiesDoNotAffectEquality() {
    let plain = GeneratedContent(properties: ["grams": 16])
    let identified = GeneratedContent(properties: ["grams": 16], id: GenerationID())
    #expect(plain.id == nil && identified.id != nil)
    #expect(plain == identified)
    let id = GenerationID()
    #expect(GeneratedContent("dark", id: id).id == id && GeneratedContent(kind: .null, id: id).id == id)
    #expect(GeneratedContent(elements: ["a", 1] as [any ConvertibleToGeneratedContent], id: id).jsonString == #"["a",1]"#)
  }

  @Test func repeatedKeysAreCombinedInFirstSeenOrder() throws {
    let pairs: [(String, any ConvertibleToGeneratedContent)] = [("grams", 16), ("roast", "dark"), ("grams", 2)]
    let content = try GeneratedContent(properties: pairs) { old, new in
      try old.value(Int.self) + new.value(Int.self)
    }
    #expect(content.jsonString == #"{"grams":18,"roast":"dark"}"#)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      _ = try GeneratedContent(properties: pairs) { _, _ -> Int in throw Refused() }
    }
  }

  @Test func aResponseAndEveryOneOfItsSnapshotsShareOneIdentity() async throws {
    let session = LanguageModelSession(model: FakeModel.scripted([.json(#"{"grams":16}"#)]))
    var ids = Set<GenerationID?>()
    let stream = session.streamResponse(generating: Brew.self) { "Plan a brew" }
    for try await snapshot in stream { ids.insert(snapshot.rawContent.id) }
    let response = try await stream.collect()
    #expect(ids.count == 1 && ids.first! != nil && ids.first! == response.rawContent.id)
    let next = try await session.respond(to: "again", generating: Brew.self)
    #expect(next.rawContent.id != nil && next.rawContent.id != response.rawContent.id)
  }

  @Test func aCompleteValueReadsAsItsPartialForm() {
    let brew = Brew(grams: 16, note: nil)
    #expect(brew.asPartiallyGenerated().grams == 16 && brew.asPartiallyGenerated().note == nil)
    #expect([brew].asPartiallyGenerated().first?.grams == 16)
    #expect(Roast.dark.asPartiallyGenerated() == .dark && Optional(5).asPartiallyGenerated() == 5)
  }

  @Test func aSchemaListedFromTypesMatchesTheOneTheObjectDeclares() throws {
    let schema = GenerationSchema(
      type: Brew.self,
      properties: [
        .init(name: "grams", type: Int.self, guides: [.range(10...30)]),
        .init(name: "note", type: String?.self),
      ])
    #expect(try schema.validated() == Brew.generationSchema)
  }

  @Test func explicitNilMakesOptionalPropertiesRequiredAndNullable() {
    let schema = GenerationSchema(
      type: Brew.self, representNilExplicitlyInGeneratedContent: true,
      properties: [.init(name: "note", type: String?.self)])
    guard case .object(_, _, let properties) = schema.root else { Issue.record("not an object"); return }
    #expect(properties.map(\.isOptional) == [false] && properties[0].node == .anyOf([.string(), .null]))
  }

  @Test func choicesOfStringsAndOfTypes() {
    #expect(GenerationSchema(type: Roast.self, anyOf: ["light", "dark"]).root == .stringEnum(["light", "dark"]))
    let either = GenerationSchema(type: GeneratedContent.self, anyOf: [Roast.self, Int.self])
    #expect(either.root == .anyOf([.stringEnum(["light", "dark"]), .integer()]))
  }

  @Test func aGuideThePropertyCannotTakeIsReportedWhenTheSchemaIsValidated() async throws {
    let schema = GenerationSchema(
      type: Brew.self, properties: [.init(name: "code", type: String.self, guides: [/[A-Z]+/, /[0-9]+/])])
    #expect(throws: SchemaError.self) { try schema.validated() }
    let session = LanguageModelSession(model: FakeModel.scripted([.json(#"{"code":"A"}"#)]))
    let before = session.transcript
    await #expect(throws: GenerationError.self) { try await session.respond(to: "code?", schema: schema) }
    #expect(session.transcript == before)
    let single = GenerationSchema(type: Brew.self, properties: [.init(name: "code", type: String.self, guides: [/[A-Z]+/])])
    #expect(throws: Never.self) { try single.validated() }
  }

  @Test func aPromptEntryRecordsItsResponseFormat() {
    let format = Transcript.ResponseFormat(type: Brew.self)
    let prompt = Transcript.Prompt(segments: [.text("Plan a brew")], responseFormat: format)
    #expect(format.name == "Brew" && prompt.format == format && prompt.responseFormat == Brew.generationSchema)
    #expect(Transcript.ResponseFormat(schema: Brew.generationSchema).description == "Brew")
  }

  @Test func foundationModelsNamesForToolEntriesSamplingAndBuilders() {
    let call = Transcript.ToolCall(id: "1", toolName: "cupboard", arguments: [:])
    let calls = Transcript.ToolCalls([call, call].lazy.map { $0 })
    #expect(calls.count == 2 && !calls.id.isEmpty)
    let sampling: GenerationOptions.SamplingMode = .random(top: 3, seed: 1)
    #expect(sampling == .topK(3, seed: 1))
    let prompt = Prompt {
      "Plan a brew"
      if #available(macOS 26, iOS 26, *) { "with a 3-cup pot" }
    }
    #expect(prompt.segments == ["Plan a brew", "with a 3-cup pot"])
    let definition: Transcript.ToolDefinition = ToolDefinition(tool: Repot())
    #expect(definition == Repot().definition && definition.name == "repot")
  }
}
