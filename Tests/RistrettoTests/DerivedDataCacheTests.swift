import Foundation
import Testing

@testable import Ristretto

/// What is computed once per machine reads back exactly, and a damaged copy is never trusted.
@Suite("Derived-data cache")
struct DerivedDataCacheTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/tokenizers/smollm2-135m.json")

  @Test func aStoredTokenizerIsTheDecodedOne() throws {
    let json = try Data(contentsOf: Self.fixture)
    let decoded = try TokenizerData(json: json)
    let copy = try #require(TokenizerData(stored: decoded.stored))
    #expect(copy.tokens == decoded.tokens)
    #expect(copy.merges == decoded.merges)
    #expect(copy.types == decoded.types)
    #expect(copy.model == decoded.model && copy.pre == decoded.pre && copy.eos == decoded.eos)
    #expect(copy.chatTemplate == decoded.chatTemplate && copy.contextLength == decoded.contextLength)
    let cache = DerivedDataCache(
      directory: FileManager.default.temporaryDirectory.appendingPathComponent("ristretto-\(UUID().uuidString)"))
    let first = try TokenizerData(json: json, cache: cache).makeTokenizer()
    let second = try TokenizerData(json: json, cache: cache).makeTokenizer()
    let text = "Why is my moka pot sputtering? Perché la caffettiera sputacchia?"
    #expect(first.encode(text) == second.encode(text))
  }

  @Test(arguments: [0, 5, 30, -1])
  func aTruncatedCopyReadsAsNothing(_ length: Int) throws {
    let decoded = try TokenizerData(json: Data(#"{"model":"gpt2","tokens":["a","b","ab"],"merges":["a b"],"types":[1]}"#.utf8))
    let cut = length < 0 ? decoded.stored.dropLast() : decoded.stored.prefix(length)
    #expect(TokenizerData(stored: cut) == nil)
    #expect(TokenizerData(stored: decoded.stored) != nil)
  }

  @Test func fingerprintsSeparateTheirParts() {
    var ab = Fingerprint()
    ab.add("ab")
    ab.add("c")
    var a = Fingerprint()
    a.add("a")
    a.add("bc")
    #expect(ab != a)
    #expect(ab.hex.count == 16)
  }

  @Test func aSetIsNamedWhateverItsOrder() {
    func digest(_ strings: [String]) -> Fingerprint {
      var digest = Fingerprint()
      digest.add(set: strings)
      return digest
    }
    #expect(digest(["huila", "kochere", "santos"]) == digest(["santos", "huila", "kochere"]))
    #expect(digest(["huila", "kochere"]) != digest(["huila", "kochere", "santos"]))
    #expect(digest(["huila", "kochere"]) != digest(["huila", "kochera"]))
    #expect(digest([]) != Fingerprint())
  }
}
