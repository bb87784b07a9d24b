import Foundation
import Testing

@testable import Ristretto

/// SmolLM2's tokenizer, from the extract under Fixtures/ (no download needed).
enum SmolLM2 {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Fixtures/tokenizers").standardizedFileURL

  static let tokenizer: BPETokenizer = {
    let data = try! Data(contentsOf: fixtures.appendingPathComponent("smollm2-135m.json"))
    return try! BPETokenizer(data: TokenizerData(json: data))
  }()

  struct Case: Decodable {
    let text: String
    let special: Bool
    let ids: [Int]
  }

  static func golden() throws -> [Case] {
    let text = try String(contentsOf: fixtures.appendingPathComponent("smollm2-135m.golden.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map { try JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
  }
}

@Suite("Tokenizer")
struct TokenizerTests {
  @Test func matchesLlamaCppOnTheGoldenFile() throws {
    let cases = try SmolLM2.golden()
    #expect(cases.count >= 1000)
    var failures: [String] = []
    for item in cases {
      let ids = SmolLM2.tokenizer.encode(item.text, parseSpecial: item.special)
      if ids != item.ids { failures.append("\(item.text.debugDescription): \(ids) != \(item.ids)") }
    }
    #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5).joined(separator: "\n"))")
  }

  @Test func decodeInvertsEncode() {
    for text in ["Why is my moka pot sputtering?", "café ☕️ 1234", "  two  spaces\n\nand lines", "<|im_start|>user\nhi<|im_end|>"]
    {
      #expect(SmolLM2.tokenizer.decode(SmolLM2.tokenizer.encode(text)) == text)
    }
  }

  @Test func specialTokensAreSingleIDs() {
    #expect(SmolLM2.tokenizer.encode("<|im_start|>", parseSpecial: true) == [1])
    #expect(SmolLM2.tokenizer.encode("<|im_start|>") != [1])
    #expect(SmolLM2.tokenizer.encode("<|im_start|>", parseSpecial: false).count > 1)
    #expect(SmolLM2.tokenizer.vocabularySize == 49_152)
  }

  @Test func countEqualsTheTokensOfTheRenderedPrompt() {
    struct Model: LanguageModel {
      var tokenizer: any Tokenizer { SmolLM2.tokenizer }
      func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { $0.finish() }
      }
    }
    let model = Model()
    let request = GenerationRequest(
      transcript: Transcript(entries: [
        .instructions(.init(segments: [.text("Be brief.")], toolDefinitions: [Weather().definition])),
        .prompt(.init(id: "p", segments: [.text("Weather in Turin?")])),
      ]), tools: [Weather().definition])
    let rendered = model.render(request)
    #expect(model.tokenCount(for: request) == SmolLM2.tokenizer.encode(rendered).count)
    #expect(rendered.text.hasPrefix("<|im_start|>system\nBe brief.\nTools:\n"))
    #expect(
      model.tokenCount(for: Instructions("Be brief."))
        == SmolLM2.tokenizer.encode("<|im_start|>system\nBe brief.<|im_end|>\n", parseSpecial: true).count)
    #expect(model.tokenCount(for: [Weather()] as [any Tool]) > model.tokenCount(for: Weather() as any Tool))
  }
}

@Suite("GGUF reader")
struct GGUFTests {
  /// A small GGUF v3 header with a few key/values, built byte by byte.
  static func sample() -> Data {
    var data = Data("GGUF".utf8)
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func string(_ s: String) {
      u64(UInt64(s.utf8.count))
      data.append(contentsOf: Array(s.utf8))
    }
    u32(3)
    u64(0)
    u64(4)
    string("general.architecture")
    u32(8)
    string("llama")
    string("llama.context_length")
    u32(4)
    u32(8192)
    string("tokenizer.ggml.tokens")
    u32(9)
    u32(8)
    u64(3)
    for token in ["a", "b", "ab"] { string(token) }
    string("tokenizer.ggml.add_bos_token")
    u32(7)
    data.append(0)
    return data
  }

  @Test func readsHeaderAndValues() throws {
    let metadata = try GGUFMetadata(data: Self.sample())
    #expect(metadata.version == 3)
    #expect(metadata.string("general.architecture") == "llama")
    #expect(metadata.integer("llama.context_length") == 8192)
    #expect(metadata.strings("tokenizer.ggml.tokens") == ["a", "b", "ab"])
    #expect(metadata.bool("tokenizer.ggml.add_bos_token") == false)
    #expect(metadata.keys.count == 4)
  }

  @Test func truncatedFilesAreTypedErrors() {
    let full = Self.sample()
    for length in [0, 3, 4, 10, 24, 40, full.count - 1] {
      #expect(throws: GGUFError.self) { try GGUFMetadata(data: full.prefix(length)) }
    }
  }

  @Test func corruptFilesAreTypedErrorsWithoutHugeAllocations() {
    var badMagic = Self.sample()
    badMagic[0] = 0x47 + 1
    #expect(throws: GGUFError.notGGUF) { try GGUFMetadata(data: badMagic) }
    var hugeString = Self.sample()
    // The first key's length field: claim 2^60 bytes.
    hugeString.replaceSubrange(24..<32, with: [0, 0, 0, 0, 0, 0, 0, 0x10])
    #expect(throws: GGUFError.self) { try GGUFMetadata(data: hugeString) }
    var badType = Self.sample()
    badType[24 + 8 + 20] = 99
    #expect(throws: GGUFError.self) { try GGUFMetadata(data: badType) }
    #expect(throws: GGUFError.self) { try GGUFMetadata(contentsOf: URL(fileURLWithPath: "/nonexistent.gguf")) }
    for seed in 0..<200 {
      var fuzzed = Self.sample()
      var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
      for _ in 0..<3 {
        state = state &* 6_364_136_223_846_793_005 &+ 1
        fuzzed[Int(state >> 33) % fuzzed.count] = UInt8(truncatingIfNeeded: state >> 17)
      }
      _ = try? GGUFMetadata(data: fuzzed)
    }
  }

  @Test func tokenizerDataNeedsATokenizer() throws {
    let metadata = try GGUFMetadata(data: Self.sample())
    #expect(throws: GGUFError.self) { try TokenizerData(gguf: metadata) }
  }
}
