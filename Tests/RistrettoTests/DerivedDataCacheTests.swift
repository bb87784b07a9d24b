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

  /// A fingerprint of one word.
  static func fingerprint(_ word: String) -> Fingerprint {
    var fingerprint = Fingerprint()
    fingerprint.add(word)
    return fingerprint
  }

  @Test("A write past the bound removes the files used least recently, never the one written; a read marks use")
  func theFolderIsBounded() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ristretto-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = DerivedDataCache(directory: directory, maximumBytes: 3_000)
    let bytes = Data(repeating: 7, count: 1_000)
    for (offset, word) in ["a", "b", "c"].enumerated() {
      cache.write(bytes, "value", fingerprint: Self.fingerprint(word))
      let file = directory.appendingPathComponent("value-\(Self.fingerprint(word).hex).bin")
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: Double(offset - 100))], ofItemAtPath: file.path)
    }
    // Another program's file in the folder is neither counted nor removed.
    try Data(repeating: 1, count: 5_000).write(to: directory.appendingPathComponent("notes.txt"))
    #expect(cache.read("value", fingerprint: Self.fingerprint("a")) == bytes)
    cache.write(bytes, "value", fingerprint: Self.fingerprint("d"))
    let kept = ["a", "b", "c", "d"].filter { cache.read("value", fingerprint: Self.fingerprint($0)) != nil }
    #expect(kept == ["a", "c", "d"])
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("notes.txt").path))
    // A value bigger than the bound alone is still kept.
    cache.write(Data(repeating: 9, count: 4_000), "value", fingerprint: Self.fingerprint("e"))
    #expect(cache.read("value", fingerprint: Self.fingerprint("e"))?.count == 4_000)
    #expect(["a", "c", "d"].allSatisfy { cache.read("value", fingerprint: Self.fingerprint($0)) == nil })
  }

  @Test("Only names the cache writes count as its files")
  func cacheFileNames() {
    #expect(DerivedDataCache.isCacheFile("classifier-0123456789abcdef.bin"))
    #expect(DerivedDataCache.isCacheFile("a-b-0123456789abcdef.bin"))
    #expect(!DerivedDataCache.isCacheFile("classifier-0123456789abcde.bin"))
    #expect(!DerivedDataCache.isCacheFile("classifier-0123456789abcdeg.bin"))
    #expect(!DerivedDataCache.isCacheFile("notes.txt") && !DerivedDataCache.isCacheFile(".bin"))
  }
}
