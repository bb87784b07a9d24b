import Foundation
import RistrettoTesting
import Testing

@testable import Ristretto

/// A price list with the value types Foundation Models programs put in generated structs.
private struct PriceTag: GenerableObject, Decodable {
  var id: GenerationID
  var sku: String
  var price: Decimal

  static let properties = GenerableProperties<PriceTag> {
    GenerableProperty(\.id)
    GenerableProperty(\.sku, description: "A stock code", .pattern(/[A-Z]{3}-\d{3}/))
    GenerableProperty(\.price, description: "The price", .range(0.25...1000))
  }
}

private enum Visit: Decodable {
  case order(String)
  case browse
}

extension Visit: GenerableEnum {
  static let cases = GenerableCases<Visit> {
    GenerableCase("order", .field("_0", String.self))
    GenerableCase("browse")
  }
}

private struct Customer: GenerableObject, Decodable {
  var name: String
  var visit: Visit

  static let properties = GenerableProperties<Customer> {
    GenerableProperty(\.name)
    GenerableProperty(\.visit)
  }
}

@Suite("Decimal, GenerationID and Regex guides, as Foundation Models programs use them")
struct FoundationValueTypesTests {
  @Test func anIdentityIsLeftOutOfTheSchemaAndFilledOnDecoding() throws {
    guard case .object(_, _, let properties) = PriceTag.generationSchema.root else {
      Issue.record("not an object schema")
      return
    }
    #expect(properties.map(\.name) == ["sku", "price"])
    let first = try PriceTag(GeneratedContent(json: #"{"sku":"ABC-123","price":2.5}"#))
    let second = try PriceTag(GeneratedContent(json: #"{"sku":"ABC-123","price":2.5}"#))
    #expect(first.id != second.id)
    #expect(!first.generatedContent.jsonString.contains(first.id.description))
  }

  @Test func anIdentityRoundTripsThroughCodableAsOneString() throws {
    let id = GenerationID()
    let data = try JSONEncoder().encode([id])
    #expect(String(decoding: data, as: UTF8.self) == "[\"\(id)\"]")
    #expect(try JSONDecoder().decode([GenerationID].self, from: data) == [id])
  }

  @Test func aDecimalKeepsItsDecimalDigitsAndItsRange() throws {
    let tag = try PriceTag(GeneratedContent(json: #"{"sku":"XYZ-001","price":0.1}"#))
    #expect(tag.price == Decimal(string: "0.1"))
    guard case .object(_, _, let properties) = PriceTag.generationSchema.root else { return }
    #expect(properties[1].node == .number(minimum: 0.25, maximum: 1000))
  }

  @Test func aRegexLiteralGuidesByItsPattern() throws {
    guard case .object(_, _, let properties) = PriceTag.generationSchema.root,
      case .string(let pattern?) = properties[0].node
    else {
      Issue.record("the sku is not a patterned string")
      return
    }
    let compiled = try StringPattern(pattern)
    #expect(compiled.matches("ABC-123"))
    #expect(!compiled.matches("AB-1234"))
  }

  @Test func aRegexOutsideTheSubsetIsAnUnsupportedGuide() throws {
    let guide = GenerationGuide<String>.pattern(/a(?=b)/)
    #expect(throws: SchemaError.self) {
      try GenerationSchema(root: GenerationSchema.Node.string().applying(guide.rule, path: "x"), definitions: []).validated()
    }
    let built = GenerationGuide<String>.pattern(try Regex("[a-z]+"))
    #expect(try GenerationSchema.Node.string().applying(built.rule, path: "x") == .string(pattern: "[a-z]+"))
  }

  @Test func aStructHoldingAnEnumWithPayloadsFindsItsPropertyNames() throws {
    let customer = try Customer(GeneratedContent(json: #"{"name":"Ada","visit":{"order":{"_0":"cortado"}}}"#))
    #expect(customer.name == "Ada")
    guard case .order(let drink) = customer.visit else {
      Issue.record("expected an order")
      return
    }
    #expect(drink == "cortado")
  }

  @Test func aSamplingFakeAnswersTypedRequestsAndCallsEachOfferedToolOnce() async throws {
    let model = FakeModel.sampling(seed: 3)
    let session = LanguageModelSession(model: model)
    let tag = try await session.respond(to: "A price tag", generating: PriceTag.self).content
    #expect(isStockCode(tag.sku))
    #expect(tag.price >= 0.25 && tag.price <= 1000)
    let again = try await LanguageModelSession(model: FakeModel.sampling(seed: 3))
      .respond(to: "A price tag", generating: PriceTag.self).content
    #expect(again.sku == tag.sku && again.price == tag.price)
  }

  @Test func aSamplingFakeCallsAToolThenAnswers() async throws {
    let spy = ToolSpy(Weather())
    let model = FakeModel.sampling()
    let session = LanguageModelSession(model: model, tools: [spy])
    let answer = try await session.respond(to: "Is it cold in Turin?").content
    #expect(await spy.calls.count == 1)
    #expect(answer == "A sampled answer (1 tools offered).")
    #expect(model.requests.count == 2)
  }
}

private func isStockCode(_ sku: String) -> Bool {
  (try? StringPattern("[A-Z]{3}-\\d{3}"))?.matches(sku) ?? false
}
