import Testing

@testable import Ristretto

@Suite("Token text table")
struct TokenTextTableTests {
  @Test func findsTokensByTheirBytesAndJoins() {
    let table = TokenTextTable(["a", "b", "ab", "", "Ġthe", "ab"])
    #expect(table.id(of: "a".utf8) == 0)
    #expect(table.id(of: "Ġthe".utf8) == 4)
    #expect(table.id(of: "".utf8) == 3)
    #expect(table.id(of: "abc".utf8) == nil)
    let a = Array("a".utf8)
    let b = Array("b".utf8)
    let joined = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in table.id(of: a, b) } }
    #expect(joined == 2, "a text written twice keeps its first id")
  }

  @Test func textsThatLookAlikeAreDifferentTokens() {
    // "é" precomposed and as "e" with a combining accent: equal as Swift strings, not as bytes.
    let table = TokenTextTable(["\u{E9}", "e\u{301}"])
    #expect(table.id(of: "\u{E9}".utf8) == 0)
    #expect(table.id(of: "e\u{301}".utf8) == 1)
  }

  @Test func manyTokensAreAllFound() {
    let tokens = (0..<5_000).map { "t\($0)" }
    let table = TokenTextTable(tokens)
    #expect(tokens.indices.allSatisfy { table.id(of: tokens[$0].utf8) == $0 })
  }
}
