import Foundation
import Ristretto
import Testing

/// A pattern means the whole string in Ristretto and anywhere in the string in JSON Schema, so
/// exported patterns are anchored, and a schema survives the round trip.
@Suite("JSON Schema patterns")
struct JSONSchemaPatternTests {
  static func schema(_ pattern: String) -> GenerationSchema {
    GenerationSchema(root: .object(name: "Code", properties: [.init(name: "code", node: .string(pattern: pattern))]))
  }

  static func exportedPattern(_ schema: GenerationSchema) throws -> String {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(schema.jsonSchemaString.utf8)) as? [String: Any])
    let code = try #require((object["properties"] as? [String: Any])?["code"] as? [String: Any])
    return try #require(code["pattern"] as? String)
  }

  @Test(arguments: ["[A-Z]{3}-[0-9]{4}", "a|b", "^moka$", "[^,]+", "price\\$"])
  func exportIsAnchoredAndRoundTrips(pattern: String) throws {
    let exported = try Self.exportedPattern(Self.schema(pattern))
    #expect(exported.hasPrefix("^(?:") && exported.hasSuffix(")$"))
    let anchored = try StringPattern(exported)
    let original = try StringPattern(pattern)
    for sample in ["ABC-1234", "a", "b", "ab", "moka", "x,y", "xy", "price$", ""] {
      #expect(anchored.matches(sample) == original.matches(sample), "\(sample) against \(exported)")
    }
    let back = try GenerationSchema(jsonSchema: Self.schema(pattern).jsonSchemaString)
    #expect(try Self.exportedPattern(back) == exported)
  }

  @Test func anUnanchoredPatternFromElsewhereIsReadAsWritten() throws {
    let text = #"{"type":"object","properties":{"code":{"type":"string","pattern":"^(?:a)|(b)$"}},"required":["code"]}"#
    let schema = try GenerationSchema(jsonSchema: text)
    guard case .object(_, _, let properties) = schema.root, case .string(let pattern) = properties.first?.node else {
      Issue.record("expected an object with a string property")
      return
    }
    #expect(pattern == "^(?:a)|(b)$")
  }
}

/// `.` and negated classes allow what a free string allows: every character JSON may hold
/// unescaped, DEL included.
@Suite("Pattern characters")
struct PatternCharacterTests {
  @Test func deleteIsAllowedWhereAnyCharacterIs() throws {
    for pattern in [".*", "[^,]+", ".{0,80}", "\\S+"] {
      #expect(try StringPattern(pattern).matches("a\u{7F}b"), "\(pattern)")
    }
    #expect(try !StringPattern("[a-z]+").matches("a\u{7F}b"))
  }
}
